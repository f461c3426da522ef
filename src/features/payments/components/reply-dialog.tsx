// «Marcar pagados» from the bank's reply: say which payment file it answers, pick the reply (the bank's
// report saved as CSV, or a CSV with referencia, estado and optionally motivo, valor, comprobante), see
// what each line would do (pay,
// stays approved with the bank's reason, or refused and why) and only then apply it: the database
// applies the lines in one transaction, and refuses if anything changed since the preview.
import { CircleCheck, CircleX, FileUp, LoaderCircle, Undo2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { ReplyLine, ReplyPreview } from '@/api/payouts/payout-files-api';
import { useApplyPayoutReply, usePreviewPayoutReply } from '@/api/payouts/payouts-mutations';
import { payoutsQueries } from '@/api/payouts/payouts-queries';
import { NativeSelect } from '@/components/ui/native-select';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { userMessage } from '@/lib/data/db';
import type { ReplyAction } from '@/lib/data/domain';
import { notify } from '@/lib/feedback/notify';
import { useFormat } from '@/lib/format/use-format';
import { readReplyFile, REPLY_MAX_BYTES } from '../file-bytes';
import { m } from '../messages';

const tones: Record<ReplyAction, BadgeTone> = { pay: 'green', bank_rejected: 'amber', refused: 'red' };
const icons = { pay: CircleCheck, bank_rejected: Undo2, refused: CircleX } as const;

export function ReplyDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileUp aria-hidden="true" />
          {m.payMany}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{m.replyTitle}</DialogTitle>
          <DialogDescription>{m.replyDescription}</DialogDescription>
        </DialogHeader>
        {open && <ReplyForm onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReplyForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreviewPayoutReply();
  const apply = useApplyPayoutReply();
  const f = useFormat();
  const batches = useQuery(payoutsQueries.replyable());
  // The file the reply answers: chosen by the person (when only one waits for the bank, chosen for them).
  const waiting = batches.data?.filter((b) => b.waiting > 0) ?? [];
  const [chosenBatch, setChosenBatch] = useState<number | null>(null);
  const batchNo = chosenBatch ?? (waiting.length === 1 ? waiting[0]!.batch_no : null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  // The preview with the file it was made for: applying it answers that file, whatever the list shows by then.
  const [result, setResult] = useState<(ReplyPreview & { batchNo: number }) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const applicable = result?.lines.filter((l) => l.action !== 'refused').length ?? 0;

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    setProblem(null);
    setResult(null);
    if (picked.size > REPLY_MAX_BYTES) {
      setFile(null);
      setProblem(m.replyTooLarge);
      return;
    }
    setReading(true);
    try {
      const text = await readReplyFile(picked);
      setFile({ name: picked.name, text });
      if (batchNo !== null) setResult({ ...(await preview.mutateAsync({ file: text, batchNo })), batchNo });
    } catch (error) {
      setProblem(userMessage(error));
    } finally {
      setReading(false);
    }
  };

  const confirm = async () => {
    if (!file || !result || apply.isPending) return;
    setProblem(null);
    try {
      const lines = await apply.mutateAsync({ file: file.text, digest: result.digest, batchNo: result.batchNo });
      notify.success(m.replyDone(lines.filter((l) => l.action === 'pay').length, lines.filter((l) => l.action === 'bank_rejected').length));
      onDone();
    } catch (error) {
      setProblem(userMessage(error));
    }
  };

  const chooseBatch = async (value: string) => {
    const chosen = value ? Number(value) : null;
    setChosenBatch(chosen);
    setResult(null);
    setProblem(null);
    if (!file || chosen === null) return;
    try {
      setResult({ ...(await preview.mutateAsync({ file: file.text, batchNo: chosen })), batchNo: chosen });
    } catch (error) {
      setProblem(userMessage(error));
    }
  };

  const busy = reading || preview.isPending;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-batch`} className="text-sm font-medium">
          {m.replyBatch}
        </label>
        <NativeSelect
          id={`${id}-batch`}
          value={batchNo ?? ''}
          aria-describedby={`${id}-batch-hint`}
          disabled={busy || apply.isPending || !batches.data?.length}
          onChange={(e) => void chooseBatch(e.target.value)}
        >
          <option value="">{batches.data?.length === 0 ? m.replyNoBatch : m.replyBatchChoose}</option>
          {batches.data?.map((b) => (
            <option key={b.id} value={b.batch_no}>
              {m.replyBatchOption(b.batch_no, f.date(b.created_at), b.waiting)}
            </option>
          ))}
        </NativeSelect>
        <p id={`${id}-batch-hint`} className="text-xs text-muted-foreground">
          {m.replyBatchHint}
        </p>
        {batches.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {userMessage(batches.error)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="sr-only"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={busy || apply.isPending || batchNo === null}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <FileUp aria-hidden="true" />}
          {busy ? m.replyReading : m.replyPick}
        </Button>
        <label htmlFor={`${id}-file`} className="text-sm text-muted-foreground">
          {file ? file.name : m.replyFile}
        </label>
      </div>

      {result && (
        <>
          <p className="text-sm font-medium" aria-live="polite" data-testid="reply-summary">
            {m.replySummary(
              result.lines.filter((l) => l.action === 'pay').length,
              result.lines.filter((l) => l.action === 'bank_rejected').length,
              result.lines.filter((l) => l.action === 'refused').length,
            )}
          </p>
          <ul aria-label={m.replyLines} className="flex max-h-[45dvh] flex-col divide-y overflow-y-auto rounded-lg border">
            {result.lines.map((line) => (
              <ReplyLineItem key={line.line_no} line={line} />
            ))}
          </ul>
        </>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      {result && applicable === 0 && <p className="text-sm text-muted-foreground">{m.replyNothing}</p>}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone} disabled={apply.isPending}>
          {m.close}
        </Button>
        <Button type="button" onClick={() => void confirm()} disabled={!result || applicable === 0 || apply.isPending}>
          {apply.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {apply.isPending ? m.replyApplying : m.replyConfirm(applicable)}
        </Button>
      </DialogFooter>
    </div>
  );
}

function ReplyLineItem({ line }: { line: ReplyLine }) {
  const f = useFormat();
  const Icon = icons[line.action];
  return (
    <li className="grid gap-1 p-3 text-sm sm:grid-cols-[6rem_1fr_auto] sm:items-start sm:gap-3" data-testid="reply-line">
      <span className="text-xs text-muted-foreground">
        {m.replyLine(line.line_no)}
        <br className="max-sm:hidden" /> <span className="font-medium text-foreground">{line.reference}</span>
      </span>
      <span className="flex min-w-0 flex-col">
        {line.client_name && (
          <span>
            <span className="font-medium">{line.client_name}</span>
            {line.amount !== null && <> · {f.money(line.amount)}</>}
          </span>
        )}
        <span className="break-words text-muted-foreground">{line.message}</span>
      </span>
      <Badge tone={tones[line.action]} className="w-fit">
        <Icon aria-hidden="true" />
        {m.replyAction[line.action]}
      </Badge>
    </li>
  );
}
