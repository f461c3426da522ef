// After the company's time zone changes, the database moves the sales' days to the new zone as a job
// (20250701100000_jobs.sql): while it runs, its step and progress; if it failed, its sentence. Nothing
// once it is done.
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { settingsJobQueries } from '@/api/settings/settings-queries';
import { JobProgress } from '@/components/job-progress';
import { settingsMessages as m } from '../messages';

export function TimezoneChangeStatus() {
  const job = useQuery(settingsJobQueries.timezoneChange()).data;
  if (!job || job.status === 'done') return null;
  if (job.status === 'failed') {
    return (
      <p role="alert" className="flex max-w-3xl items-start gap-2 rounded-md bg-tone-red p-3 text-sm text-tone-red-foreground">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {m.timezoneFailed} {job.error}
        </span>
      </p>
    );
  }
  return (
    <div className="max-w-3xl">
      <JobProgress
        title={job.status === 'queued' ? m.timezoneQueued(job.timezone) : m.timezoneRunning(job.timezone)}
        step={job.step ? m.timezoneSteps[job.step] : null}
        stepNo={job.step_no}
        steps={job.steps}
        done={job.step_done}
        total={job.step_total}
        unit={m.timezoneUnit}
      />
    </div>
  );
}
