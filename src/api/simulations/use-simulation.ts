import { useMutation, useQuery } from '@tanstack/react-query';
import { isWorking, type SimulationJob } from './simulations-api';
import { simulationQueries } from './simulations-queries';

/**
 * Asks for a simulation and follows its job. `refusal` is the request's own refusal (a bad draft, a
 * closed month) or a failed poll; `failure` is the sentence of a job the runner could not finish.
 */
export function useSimulation<Input>(request: (input: Input) => Promise<SimulationJob>) {
  const asked = useMutation({ mutationFn: request, meta: { quietError: true } });
  const id = asked.data?.id;
  const polled = useQuery({ ...simulationQueries.job(id ?? 0), enabled: id !== undefined });
  // Right after asking, the request's answer is the latest news; then each poll is.
  const job = id !== undefined && polled.data?.id === id ? polled.data : asked.data;
  return {
    ask: asked.mutate,
    reset: asked.reset,
    job,
    working: asked.isPending || isWorking(job?.status),
    done: job?.status === 'done' ? job : undefined,
    failure: job?.status === 'failed' ? job.error : null,
    refusal: asked.error ?? (polled.isError ? polled.error : null),
  };
}

export type Simulation<Input> = ReturnType<typeof useSimulation<Input>>;
