// Picking a voucher or a photo: the file is checked and (for images) made small right away, and
// the preview shows exactly what will be sent. Keyboard: «Elegir archivo», then «Cambiar» and
// «Quitar»; a file can also be dropped on the box. The parent uploads `value` when the form is sent.
import { Camera, FileText, LoaderCircle, RefreshCw, Trash2, Upload } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { useFieldControlProps } from '@/components/ui/field-context';
import { browserImageCodec } from '@/lib/files/browser-image-codec';
import type { AnyImageCodec } from '@/lib/files/image-resize';
import { ACCEPT_ATTRIBUTE, formatFileSize, prepareUpload, type UploadAccept } from '@/lib/files/prepare-upload';
import { cn } from '@/lib/utils';

export interface FilePickerProps {
  label: string;
  /** Only images (photos), or images and PDF (payment vouchers). */
  accept: UploadAccept;
  /** The prepared file (resized image or PDF), or null. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** Opens the phone's camera directly: `environment` (back) or `user` (front). */
  capture?: 'environment' | 'user';
  description?: string;
  /** An error from outside (the upload failed, the field is required). */
  error?: string | null;
  disabled?: boolean;
  /** For tests: jsdom has no canvas. */
  codec?: AnyImageCodec;
}

const defaultDescription: Record<UploadAccept, string> = {
  images: 'JPG, PNG o WebP. La imagen se reduce antes de subirla.',
  'images+pdf': 'Foto (JPG, PNG o WebP) o PDF de hasta 5 MB. Las fotos se reducen antes de subirlas.',
};

export function FilePicker({ label, accept, value, onChange, capture, description, error, disabled, codec = browserImageCodec }: FilePickerProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Field error={refusal ?? error}>
      <FieldLabel>{label}</FieldLabel>
      <PickerBody
        accept={accept}
        value={value}
        capture={capture}
        disabled={disabled || busy}
        busy={busy}
        onPick={async (file) => {
          setBusy(true);
          setRefusal(null);
          try {
            const prepared = await prepareUpload(file, accept, codec);
            if (prepared.ok) onChange(prepared.file);
            else setRefusal(prepared.message);
          } finally {
            setBusy(false);
          }
        }}
        onRemove={() => {
          setRefusal(null);
          onChange(null);
        }}
      />
      <FieldDescription>{description ?? defaultDescription[accept]}</FieldDescription>
      <FieldError />
    </Field>
  );
}

function PickerBody({
  accept,
  value,
  capture,
  disabled,
  busy,
  onPick,
  onRemove,
}: {
  accept: UploadAccept;
  value: File | null;
  capture?: 'environment' | 'user';
  disabled?: boolean;
  busy: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const control = useFieldControlProps();
  const [dragging, setDragging] = useState(false);
  const open = () => input.current?.click();
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) onPick(file);
  };

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      className={cn(
        'rounded-lg border border-dashed border-input p-4 transition-colors group-data-[invalid]/field:border-destructive',
        dragging && 'border-primary bg-accent',
      )}
    >
      {/* The real input: labelled by the field's label (e2e tests set files on it), out of the tab order. */}
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        accept={ACCEPT_ATTRIBUTE[accept]}
        capture={capture}
        disabled={disabled}
        {...control}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // picking the same file again must fire again
          if (file) onPick(file);
        }}
      />
      {busy ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Preparando el archivo…
        </p>
      ) : value ? (
        <Preview file={value} disabled={disabled} onReplace={open} onRemove={onRemove} />
      ) : (
        <div className="flex flex-col items-center gap-2 py-2 text-center">
          <Button type="button" variant="outline" disabled={disabled} onClick={open} aria-describedby={control['aria-describedby']}>
            {capture ? <Camera aria-hidden="true" /> : <Upload aria-hidden="true" />}
            {capture ? 'Tomar foto o elegir archivo' : 'Elegir archivo'}
          </Button>
          <p className="hidden text-xs text-muted-foreground sm:block">o arrástralo aquí</p>
        </div>
      )}
    </div>
  );
}

function Preview({ file, disabled, onReplace, onRemove }: { file: File; disabled?: boolean; onReplace: () => void; onRemove: () => void }) {
  const url = useObjectUrl(file);
  const isPdf = file.type === 'application/pdf';
  return (
    <div className="flex flex-wrap items-center gap-3">
      {isPdf || !url ? (
        <div className="flex size-16 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <FileText className="size-7" aria-hidden="true" />
        </div>
      ) : (
        <img src={url} alt={`Vista previa de ${file.name}`} className="size-16 shrink-0 rounded-md border object-cover" />
      )}
      {/* The name keeps room for a few words (the buttons wrap below it first) and breaks anywhere
          rather than being cut: a long camera file name is read whole (issue 25 §7). */}
      <div className="min-w-40 flex-1 basis-40">
        <p className="text-sm font-medium break-all">{file.name}</p>
        <p className="text-xs whitespace-nowrap text-muted-foreground">
          {isPdf ? 'PDF' : 'Imagen'} · {formatFileSize(file.size)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={onReplace} aria-label={`Cambiar ${file.name}`}>
          <RefreshCw aria-hidden="true" />
          Cambiar
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={onRemove} aria-label={`Quitar ${file.name}`}>
          <Trash2 aria-hidden="true" />
          Quitar
        </Button>
      </div>
    </div>
  );
}

function useObjectUrl(file: File): string | null {
  const url = useMemo(() => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}
