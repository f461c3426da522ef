import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { appMessages } from '@/config/messages';

/**
 * What a person sees when a page cannot render, instead of React Router's developer page.
 * The usual cause in production is a lazy chunk that no longer exists after a new deploy,
 * which a reload fixes; the error itself goes to the console for whoever debugs it.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('Error al mostrar la página:', error), [error]);
  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md shadow-lg">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <TriangleAlert className="size-6" aria-hidden="true" />
          </span>
          <CardTitle className="text-xl">
            <h1>{appMessages.pageErrorTitle}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-center text-sm text-muted-foreground">
          <p>{appMessages.pageErrorText}</p>
          <Button size="lg" className="mt-2 w-full" onClick={() => window.location.reload()}>
            {appMessages.reload}
          </Button>
          <Button asChild variant="ghost" className="w-full">
            <a href="/">{appMessages.goHome}</a>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
