// The one module of Finanzas that imports chart.js: the page loads it with lazy(), after its figures,
// as the Dashboard does, so no route's first load carries the library.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js';
import { useEffect, useRef, useSyncExternalStore } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface SeriesChartProps {
  labels: string[];
  series: { label: string; values: number[] }[];
  /** What the chart shows (the canvas's accessible name; the table beside it has the figures). */
  summary: string;
  formatValue: (value: number) => string;
}

const palette = {
  light: { series: ['#15803d', '#94a3b8', '#0369a1'], text: '#475569', grid: 'rgba(100, 116, 139, 0.18)' },
  dark: { series: ['#4ade80', '#64748b', '#38bdf8'], text: '#cbd5e1', grid: 'rgba(148, 163, 184, 0.18)' },
};

// Painted with explicit colours: it follows the theme class on <html> itself.
function subscribeToThemeClass(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const themeOfPage = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

export default function SeriesChartCanvas({ labels, series, summary, formatValue }: SeriesChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useSyncExternalStore(subscribeToThemeClass, themeOfPage);
  useEffect(() => {
    if (!canvas.current) return;
    const colors = palette[theme];
    const config: ChartConfiguration<'bar', number[], string> = {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.values,
          backgroundColor: colors.series[i % colors.series.length],
          borderRadius: 3,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { labels: { color: colors.text, boxWidth: 12 } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatValue(Number(item.raw))}` } },
        },
        scales: {
          x: { ticks: { color: colors.text, autoSkip: true }, grid: { display: false } },
          y: { ticks: { color: colors.text, callback: (value: string | number) => formatValue(Number(value)) }, grid: { color: colors.grid } },
        },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [labels, series, formatValue, theme]);
  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
