import { useAppSettings } from '@/lib/app-settings';

export default function LandingPage() {
  const { company_name } = useAppSettings();
  return (
    <main id="main-content" className="mx-auto min-h-dvh max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">{company_name}</h1>
    </main>
  );
}
