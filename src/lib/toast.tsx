import { type ComponentProps, useEffect, useState } from 'react';

/**
 * Toasts without sonner in the first load: the library is imported after the first paint (by the toaster) or by
 * the first toast, whichever comes first, and a toast waits until the toaster listens, so none is lost.
 */
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

let markListening: () => void = () => {};
const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

function show(send: (toast: Sonner['toast']) => void) {
  void Promise.all([loadSonner(), listening]).then(([module]) => send(module.toast));
}

/** A toast's text, or a function that words it when the toast shows (in the interface's language by then). */
type ToastText = string | (() => string);
const textOf = (message: ToastText) => (typeof message === 'function' ? message() : message);

export const toast = Object.assign((message: ToastText) => show((toast) => toast(textOf(message))), {
  success: (message: ToastText) => show((toast) => toast.success(textOf(message))),
  error: (message: ToastText) => show((toast) => toast.error(textOf(message))),
});

/** Marks the toaster as listening: its own effect (subscribing to sonner's store) has run just before. */
function Listening() {
  useEffect(() => markListening(), []);
  return null;
}

/** sonner's Toaster, rendered once sonner has loaded after the first paint. */
export function Toaster(props: ComponentProps<Sonner['Toaster']>) {
  const [Loaded, setLoaded] = useState<Sonner['Toaster'] | null>(null);
  useEffect(() => {
    let mounted = true;
    void loadSonner().then((module) => {
      if (mounted) setLoaded(() => module.Toaster);
    });
    return () => {
      mounted = false;
    };
  }, []);
  if (!Loaded) return null;
  return (
    <>
      <Loaded {...props} />
      <Listening />
    </>
  );
}
