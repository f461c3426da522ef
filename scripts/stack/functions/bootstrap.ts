// Runs one edge function inside its own Deno process. Functions call `Deno.serve(handler)` as
// on Supabase; here that call is redirected to an ephemeral port on 127.0.0.1, and the port is
// announced on stdout so the runner knows where to forward requests. The function's own
// port, hostname and onListen are ignored, as Supabase's edge runtime ignores them.
const entrypoint = Deno.args[0];
const LISTENING = 'SAVIA_FUNCTION_LISTENING';

type Handler = Deno.ServeHandler;
const realServe = Deno.serve.bind(Deno) as (options: Deno.ServeTcpOptions, handler: Handler) => Deno.HttpServer;

(Deno as { serve: unknown }).serve = (first: unknown, second?: unknown) => {
  const options = (typeof first === 'function' ? {} : (first ?? {})) as Deno.ServeTcpOptions & { handler?: Handler };
  const handler = (typeof first === 'function' ? first : (second ?? options.handler)) as Handler;
  return realServe(
    {
      ...options,
      hostname: '127.0.0.1',
      port: 0,
      onListen: ({ port }) => console.log(`${LISTENING} ${port}`),
    },
    handler,
  );
};

// stdin is a pipe from the runner that is never written to: it closes when the runner ends,
// however it ends (even SIGKILL), and then this process ends too instead of lingering.
(async () => {
  for await (const _ of Deno.stdin.readable) {
    /* nothing is ever sent */
  }
  Deno.exit(0);
})();

await import(new URL(entrypoint, `file://${Deno.cwd()}/`).href);
