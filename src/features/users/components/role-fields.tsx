// The role and the finance flag, as both «Invitar» and «Cambiar rol» ask them, inside their <Form>.
// Finance belongs to superadmins only (the database's users_roles_finanzas_solo_superadmin):
// choosing admin clears it.
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { STAFF_ROLES, staffRoleLabels, type StaffRole } from '@/api/staff/staff-api';
import { m } from '../messages';
import type { RoleValue } from './role-schema';

export function RoleFields({ idPrefix }: { idPrefix: string }) {
  const { control, setValue } = useFormContext<RoleValue>();
  const role = useWatch({ control, name: 'role' });
  return (
    <>
      <Controller
        control={control}
        name="role"
        render={({ field, fieldState }) => (
          <Field controlId={`${idPrefix}-role`} error={fieldState.error?.message}>
            <FieldLabel>{m.role}</FieldLabel>
            <FieldControl>
              <NativeSelect
                ref={field.ref}
                name={field.name}
                value={field.value}
                wrapperClassName="w-full sm:w-64"
                onBlur={field.onBlur}
                onChange={(e) => {
                  const next = e.target.value as StaffRole;
                  field.onChange(next);
                  if (next !== 'superadmin') setValue('finance', false);
                }}
              >
                {STAFF_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {staffRoleLabels[r]}
                  </option>
                ))}
              </NativeSelect>
            </FieldControl>
            <FieldDescription>{m.roleHint}</FieldDescription>
            <FieldError />
          </Field>
        )}
      />
      <Controller
        control={control}
        name="finance"
        render={({ field, fieldState }) => (
          <Field controlId={`${idPrefix}-finance`} error={fieldState.error?.message} orientation="horizontal">
            <FieldControl>
              <Checkbox
                ref={field.ref}
                checked={field.value}
                disabled={role !== 'superadmin'}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
            </FieldControl>
            <div className="flex flex-col gap-1">
              <FieldLabel>{m.finance}</FieldLabel>
              <FieldDescription>{m.financeHint}</FieldDescription>
              <FieldError />
            </div>
          </Field>
        )}
      />
    </>
  );
}
