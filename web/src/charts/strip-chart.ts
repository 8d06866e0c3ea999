// A strip plot: one column per group, one point per run (spread sideways so equal times stay
// visible), on a log time axis; a highlighted point marks this device. chart.js's line
// controller without lines, on a linear x axis whose ticks are the group names.
import type { ChartConfiguration } from 'chart.js';

export interface StripPoint {
  group: number;
  ms: number;
}

export function stripChart({
  groups,
  runs,
  mine,
  title,
}: {
  groups: string[];
  runs: StripPoint[];
  mine: StripPoint[];
  title: string;
}): ChartConfiguration<'line', { x: number; y: number }[]> {
  // A fixed spread by rank within the group, so the picture does not change between renders.
  const seen = new Map<number, number>();
  const spread = (p: StripPoint) => {
    const k = seen.get(p.group) ?? 0;
    seen.set(p.group, k + 1);
    return { x: p.group + (((k * 0.618) % 1) - 0.5) * 0.5, y: p.ms };
  };
  return {
    type: 'line',
    data: {
      datasets: [
        {
          label: 'Shared runs',
          data: runs.map(spread),
          showLine: false,
          pointRadius: 3,
          borderColor: '#3b4cca',
          backgroundColor: '#3b4cca80',
        },
        {
          label: 'This device',
          data: mine.map((p) => ({ x: p.group, y: p.ms })),
          showLine: false,
          pointRadius: 7,
          pointStyle: 'rectRot',
          borderColor: '#b3261e',
          backgroundColor: '#b3261e',
        },
      ],
    },
    options: {
      parsing: false,
      plugins: { legend: { position: 'bottom', labels: { boxWidth: 10, font: { size: 11 } } } },
      scales: {
        x: {
          type: 'linear',
          min: -0.5,
          max: groups.length - 0.5,
          afterBuildTicks: (axis) => {
            axis.ticks = groups.map((_, i) => ({ value: i }));
          },
          ticks: { callback: (v) => groups[Number(v)] ?? '', autoSkip: false, maxRotation: 30 },
          grid: { display: false },
        },
        y: { type: 'logarithmic', title: { display: true, text: title } },
      },
    },
  };
}
