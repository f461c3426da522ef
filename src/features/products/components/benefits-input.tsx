// Benefits as tags: type one and press Enter or a comma; each tag has its own «Quitar» button, and
// Backspace in the empty box removes the last one. The database trims and de-duplicates them again.
import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { FieldControl } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { m } from '../messages';

const MAX_TAGS = 30;
const MAX_TAG_LENGTH = 40;

export function BenefitsInput({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const tag = raw.trim().slice(0, MAX_TAG_LENGTH);
    if (tag && value.length < MAX_TAGS && !value.some((t) => t.toLowerCase() === tag.toLowerCase())) onChange([...value, tag]);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-1 pl-2.5 text-xs">
              {tag}
              <button
                type="button"
                className="cursor-pointer rounded-full p-0.5 text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                aria-label={m.removeBenefit(tag)}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldControl>
        <Input
          value={text}
          maxLength={MAX_TAG_LENGTH}
          autoComplete="off"
          onChange={(e) => setText(e.target.value.replace(',', ''))}
          onKeyDown={onKeyDown}
          onBlur={() => add(text)}
        />
      </FieldControl>
    </div>
  );
}
