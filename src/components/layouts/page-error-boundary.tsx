import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { appMessages } from '@/config/messages';

interface Props {
  children: ReactNode;
  /** Changes when the person navigates, so the next page gets a fresh start. */
  resetKey: string;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** A lazy chunk that vanished after a deploy: only a reload brings the new one. */
const isStaleChunk = (error: Error) => /dynamically imported module|module script failed|Loading chunk/i.test(error.message);

/**
 * Keeps a broken page inside the shell's main region: the navigation stays, the person can retry
 * or go elsewhere. The error goes to the console for whoever debugs it.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Error al mostrar la página:', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const stale = isStaleChunk(error);
    return (
      <section role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold">{appMessages.pageErrorTitle}</h1>
        <p className="text-sm text-muted-foreground">{stale ? appMessages.pageErrorText : appMessages.pageBrokenText}</p>
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          {!stale && <Button onClick={() => this.setState({ error: null })}>{appMessages.retry}</Button>}
          <Button variant={stale ? 'default' : 'outline'} onClick={() => window.location.reload()}>
            {appMessages.reload}
          </Button>
        </div>
      </section>
    );
  }
}
