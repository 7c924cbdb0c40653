// About how long the GPU spends on a WebGPU cloth's steps, as the page can see it without
// timestamp queries: each frame's steps and drawing are marked when submitted, and each mark's
// work is done when the queue says so (onSubmittedWorkDone resolves in submission order). The
// GPU is taken as busy with a mark's work from its submission, or from the previous mark's end
// if that came later, to its end. An estimate, not a bound: the signal comes late by the
// browser's polling and the page's event loop (on an H100 a 1,600-particle cloth read 5-6 ms a
// step, where the hardware tier times 64 x 64 at 0.6-1 ms), the GPU may start a frame's first
// step while its last is still being encoded, and what else is submitted between marks (the
// corner's read-back, a pick) counts as drawing. Timestamp queries would give the GPU's own time.

/** @typedef {'steps' | 'drawing'} Work */

export class GpuQueueTimer {
  /** performance.now() when the latest marked work was done */
  #lastDoneMs = 0;
  #totals = { steps: 0, stepsMs: 0, drawings: 0, drawingMs: 0 };

  /**
   * Marks the work submitted to `device` since the last mark as this kind.
   * @param {GPUDevice} device
   * @param {Work} work
   * @param {number} count steps or drawings it holds
   */
  mark(device, work, count) {
    const submittedMs = performance.now();
    device.queue.onSubmittedWorkDone().then(() => {
      const doneMs = performance.now();
      const busyMs = doneMs - Math.max(submittedMs, this.#lastDoneMs);
      this.#lastDoneMs = doneMs;
      if (work === 'steps') {
        this.#totals.steps += count;
        this.#totals.stepsMs += busyMs;
      } else {
        this.#totals.drawings += count;
        this.#totals.drawingMs += busyMs;
      }
    }, () => {}); // a lost device has nothing to time
  }

  /**
   * Milliseconds per step and per drawing since the last call (null where none finished), and
   * starts counting again.
   * @returns {{ stepMs: number | null, drawingMs: number | null }}
   */
  take() {
    const { steps, stepsMs, drawings, drawingMs } = this.#totals;
    this.#totals = { steps: 0, stepsMs: 0, drawings: 0, drawingMs: 0 };
    return { stepMs: steps > 0 ? stepsMs / steps : null, drawingMs: drawings > 0 ? drawingMs / drawings : null };
  }
}
