import { createContext, useContext } from 'react';

export interface FieldContextValue {
  /** The control's id, which the label points at. */
  id: string;
  descriptionId: string;
  errorId: string;
  invalid: boolean;
  error: string | undefined;
  hasDescription: boolean;
  setHasDescription: (present: boolean) => void;
}

export const FieldContext = createContext<FieldContextValue | null>(null);

export function useField(): FieldContextValue {
  const field = useContext(FieldContext);
  if (!field) throw new Error('Los componentes Field* van dentro de <Field>.');
  return field;
}

/** The attributes that tie a control to its label, description and error. */
export function useFieldControlProps() {
  const { id, descriptionId, errorId, invalid, hasDescription } = useField();
  const describedBy = [hasDescription && descriptionId, invalid && errorId].filter(Boolean).join(' ');
  return { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined };
}
