// A sweep of the KZG panel's measurements (KzgPanel's operations, KzgThesis's operations and
// sizes): steps run one after another on the panel's worker, each with its status line, until one
// fails or Stop is pressed. One shape for both tables, so that Stop and a failure read the same.
import { RunError } from '../lib/worker-client';

export interface SweepStep {
  /** The status line while it runs; without one, the step writes its own (status is public). */
  status?: string;
  run(): Promise<void>;
}

export class Sweep {
  running = $state(false);
  status = $state('');
  errors = $state<string[]>([]);
  readonly #cancel: () => void;

  /** cancel: stops what the worker is doing (the pending request fails as cancelled). */
  constructor(cancel: () => void) {
    this.#cancel = cancel;
  }

  /**
   * Runs the steps in turn. They are taken one at a time (a generator's next step is made when
   * the previous one is done), so a step reads the settings as they are when it starts.
   */
  async run(steps: Iterable<SweepStep>): Promise<void> {
    this.running = true;
    this.errors = [];
    try {
      for (const step of steps) {
        if (!this.running) return;
        if (step.status !== undefined) this.status = step.status;
        await step.run();
      }
      this.status = 'Done.';
    } catch (e) {
      this.errors = [
        ...this.errors,
        e instanceof RunError && e.code === 'cancelled' ? 'stopped' : (e as Error).message,
      ];
      this.status = 'Failed.';
    } finally {
      this.running = false;
    }
  }

  stop() {
    this.running = false;
    this.#cancel();
    this.status = 'Stopped.';
  }
}
