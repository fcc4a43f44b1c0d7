// The page's clock held by the test: @sinonjs/fake-timers (`FakeTimers`, in scope) installed into the running page.
// Its time moves only when a step moves it, one moment at a time, and after each moment the page renders and runs
// its effects before the next timer fires: a loading screen's chain of timers plays out at its exact times, however
// slowly a loaded machine draws it, and a 10-second message goes after 10 seconds the test never waits for.
// Network and rendering stay real; `performance` stays real too (the library's stand-in empties its entry lists,
// which the steps read for requests).
const realSetTimeout = window.setTimeout.bind(window);
const clock = FakeTimers.withGlobal(window).install({
  now: Date.now(),
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  // A timer the page set before the clock was held and clears after stays cleared.
  shouldClearNativeTimers: true,
});

let mutations = 0;
new MutationObserver(() => {
  mutations += 1;
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

// React renders, commits and runs effects in tasks of its own (a message channel): one hop through another channel
// runs after the tasks queued before it.
const channel = new MessageChannel();
const hops = [];
channel.port1.onmessage = () => hops.shift()?.();
const hop = () =>
  new Promise((resolve) => {
    hops.push(resolve);
    channel.port2.postMessage(null);
  });

/** Until the page has stopped changing: three hops in a row without a change to the document. */
async function settle() {
  let quiet = 0;
  for (let i = 0; i < 200 && quiet < 3; i += 1) {
    const before = mutations;
    await hop();
    quiet = mutations === before ? quiet + 1 : 0;
  }
  await new Promise((resolve) => realSetTimeout(resolve, 0));
}

/** CSS transitions and animations move with the page's clock: a fade begun at a moment is over when it would be. */
function moveAnimations(by) {
  if (by <= 0) return;
  for (const animation of document.getAnimations()) {
    if (animation.playState === 'running') animation.currentTime = (animation.currentTime ?? 0) + by;
  }
}

/** Recorders listening for this read the page at each moment: at rest just before a timer, and right after it. */
const announce = () => window.dispatchEvent(new Event('limoo-page-clock'));

window.__limooPageClock = {
  now: () => clock.now,
  /**
   * Fires what is due at the next timer's moment if that is no later than `until` (a time of this clock); false
   * when nothing is. The bound keeps the page's own time-outs (a screen's code that takes 120 s) from firing while
   * a loaded machine is still fetching.
   */
  async next(until) {
    await settle();
    const due = clock.timerHeap?.peek();
    if (!due || due.callAt > until) return false;
    const by = Math.max(0, due.callAt - clock.now);
    moveAnimations(by);
    announce();
    clock.tick(by);
    await settle();
    announce();
    return true;
  },
};
