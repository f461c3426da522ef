import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { MAX_QUANTITY, MIN_QUANTITY, parseQuantity } from '../cart/cart-lines';
import { orderMessages as m } from '../messages';

/**
 * − [n] + for a cart line. A typed value that is not 1..10.000 is never sent: the field says what is
 * wrong right under it and the cart keeps its last good quantity.
 */
export function QuantityInput({
  name,
  quantity,
  onChange,
  describedBy,
  disabled,
}: {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
  /** The id of the line's own message (a marked line), read with the field. */
  describedBy?: string;
  disabled?: boolean;
}) {
  const errorId = useId();
  const [text, setText] = useState(String(quantity));
  const [shown, setShown] = useState(quantity);
  const [problem, setProblem] = useState<string | null>(null);
  if (quantity !== shown) {
    // Changed from outside (the buttons, another tab): the field follows.
    setShown(quantity);
    setText(String(quantity));
    setProblem(null);
  }

  const type = (value: string) => {
    setText(value);
    const parsed = parseQuantity(value);
    if (parsed.ok) {
      setProblem(null);
      if (parsed.quantity !== quantity) onChange(parsed.quantity);
    } else {
      setProblem(parsed.message);
    }
  };

  const describedByIds = [problem ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex items-center gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={m.less(name)}
          disabled={disabled || quantity <= MIN_QUANTITY}
          onClick={() => onChange(quantity - 1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          inputMode="numeric"
          autoComplete="off"
          aria-label={m.quantityOf(name)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedByIds}
          value={text}
          disabled={disabled}
          onChange={(e) => type(e.target.value)}
          className="h-8 w-16 px-2 text-center tabular-nums"
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={m.more(name)}
          disabled={disabled || quantity >= MAX_QUANTITY}
          onClick={() => onChange(quantity + 1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {problem && (
        <p id={errorId} role="alert" className="max-w-56 text-right text-xs font-medium text-tone-red-foreground">
          {problem}
        </p>
      )}
    </div>
  );
}
