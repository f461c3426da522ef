// The one module that imports chart.js: the Dashboard and Finanzas load it with lazy(), after their
// figures, so no route's first load carries the library.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef, useSyncExternalStore } from 'react';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** The month in view is drawn in the brand's green, the one it is compared with in grey. */
  tone: 'primary' | 'muted' | 'accent';
}

export interface ChartCanvasProps {
  kind: 'line' | 'bar';
  labels: string[];
  series: ChartSeries[];
  /** A sentence that says what the chart shows (the canvas's accessible name; the table beside it has the figures). */
  summary: string;
  horizontal?: boolean;
  formatValue: (value: number) => string;
}

const palette = {
  light: {
    primary: '#15803d',
    muted: '#94a3b8',
    accent: '#0369a1',
    text: '#475569',
    grid: 'rgba(100, 116, 139, 0.18)',
  },
  dark: {
    primary: '#4ade80',
    muted: '#64748b',
    accent: '#38bdf8',
    text: '#cbd5e1',
    grid: 'rgba(148, 163, 184, 0.18)',
  },
};

// The canvas is painted with explicit colours, so it follows the theme class on <html> itself (the
// header's toggle and anything else that switches it), not only the React theme state.
function subscribeToThemeClass(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['class'],
  });
  return () => observer.disconnect();
}
const themeOfPage = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** At most `max` characters: a long product name would push the bars out of a phone's width (the table has it whole). */
function shortLabel(label: string, max = 18): string {
  return label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label;
}

export default function ChartCanvas({ kind, labels, series, summary, horizontal = false, formatValue }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useSyncExternalStore(subscribeToThemeClass, themeOfPage);
  useEffect(() => {
    if (!canvas.current) return;
    const colors = palette[theme];
    const valueAxis = {
      beginAtZero: true,
      ticks: {
        color: colors.text,
        callback: (value: string | number) => formatValue(Number(value)),
      },
      grid: { color: colors.grid },
    };
    const categoryAxis = {
      ticks: { color: colors.text, autoSkip: true },
      grid: { display: false },
    };
    const config: ChartConfiguration<'line' | 'bar', (number | null)[], string> = {
      type: kind,
      data: {
        labels: horizontal ? labels.map((l) => shortLabel(l)) : labels,
        datasets: series.map((s) => ({
          label: s.label,
          data: s.values,
          borderColor: colors[s.tone],
          backgroundColor: colors[s.tone],
          borderWidth: kind === 'line' ? 2 : 0,
          pointRadius: kind === 'line' ? 2 : 0,
          borderRadius: kind === 'bar' ? 4 : 0,
          spanGaps: false,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        indexAxis: horizontal ? 'y' : 'x',
        plugins: {
          legend: {
            display: series.length > 1,
            labels: { color: colors.text, boxWidth: 12 },
          },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label ?? ''}: ${formatValue(Number(item.raw))}`,
            },
          },
        },
        scales: horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [kind, labels, series, horizontal, formatValue, theme]);
  return (
    <div className="relative h-56 w-full">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
