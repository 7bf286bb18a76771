/**
 * Keeps Node's event loop from running empty until the returned function is called. Node can deadlock when its loop
 * runs empty while V8 still compiles in the background (nodejs/node#54918: the main thread waits for the compile job,
 * the job waits for a collection on the main thread), and a process that opens the embedded database awaits
 * WebAssembly compiled in the background with nothing else pending (docs/decisions/0031-event-loop-held.md).
 */
export function holdEventLoop(): () => void {
  const hold = setInterval(() => {}, 2 ** 30);
  return () => clearInterval(hold);
}
