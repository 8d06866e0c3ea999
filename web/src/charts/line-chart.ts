// The one shape of the bench view's x/y line plots (chart.js, points given as { x, y }).
import type { ChartConfiguration, ChartDataset } from 'chart.js';

export type Points = { x: number; y: number }[];
export interface Axis {
  type: 'linear' | 'logarithmic';
  title: string;
  beginAtZero?: boolean;
}

export function lineChart(
  datasets: ChartDataset<'line', Points>[],
  { x, y, legendBox }: { x: Axis; y: Axis; legendBox: number },
): ChartConfiguration<'line', Points> {
  const scale = (a: Axis) => ({
    type: a.type,
    ...(a.beginAtZero ? { beginAtZero: true } : {}),
    title: { display: true, text: a.title },
  });
  return {
    type: 'line',
    data: { datasets },
    options: {
      parsing: false,
      plugins: { legend: { position: 'bottom', labels: { boxWidth: legendBox, font: { size: 11 } } } },
      scales: { x: scale(x), y: scale(y) },
    },
  };
}
