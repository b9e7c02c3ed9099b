import { expect } from '@open-wc/testing';
import { NextFrame } from '../../src/controllers/next-frame.js';
import { STREAM_RENDER_MS } from '../../src/controllers/thread-controller.js';

/** Animation frames the test hands out itself, at the times it chooses. */
function manualFrames() {
  const original = { request: window.requestAnimationFrame, cancel: window.cancelAnimationFrame };
  let callbacks = new Map<number, FrameRequestCallback>();
  let next = 1;
  window.requestAnimationFrame = (callback) => (callbacks.set(next, callback), next++);
  window.cancelAnimationFrame = (id) => void callbacks.delete(id);
  return {
    /** Runs the callbacks waiting for a frame, as a frame at `time` would. */
    frame(time: number) {
      const due = callbacks;
      callbacks = new Map();
      for (const callback of due.values()) callback(time);
    },
    restore() {
      window.requestAnimationFrame = original.request;
      window.cancelAnimationFrame = original.cancel;
    },
  };
}

describe('NextFrame', () => {
  it('runs once per frame however often asked; with a minimum interval, frames that come sooner are skipped', () => {
    const frames = manualFrames();
    try {
      let every = 0;
      let throttled = 0;
      const perFrame = new NextFrame(() => every++);
      const stream = new NextFrame(() => throttled++, STREAM_RENDER_MS);
      // 60 frames a second for 12 frames (200 ms), both asked many times before each.
      const start = performance.now() + 1000;
      for (let i = 0; i < 12; i++) {
        for (let asks = 0; asks < 5; asks++) {
          perFrame.schedule();
          stream.schedule();
        }
        frames.frame(start + i * (1000 / 60));
      }
      expect(every).to.equal(12);
      // Every other frame: 33 ms apart.
      expect(throttled).to.equal(6);
      // A call after a quiet spell runs on the next frame.
      stream.schedule();
      frames.frame(start + 1000);
      expect(throttled).to.equal(7);
      perFrame.cancel();
      stream.cancel();
    } finally {
      frames.restore();
    }
  });
});
