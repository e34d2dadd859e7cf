import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner['success']>[0];
type ToastId = string | number;
type Show = (message: Message, data?: ExternalToast) => ToastId;

/**
 * The app's way to raise a toast: the same calls as sonner's `toast` (`toast(...)`, `toast.success`,
 * `toast.error`, `toast.info`, `toast.warning`, `toast.message`, `toast.loading`, `toast.dismiss`), without
 * sonner in the first download. The toast outlet (ui/toaster.tsx) is a lazy chunk that loads after the
 * first paint (docs/decisions/0022-sign-in-bundle.md); calls made before it is mounted wait for it and
 * then show in order, since sonner drops toasts raised while no outlet listens.
 */
let outlet: Sonner | null = null;
let waiting: ((sonner: Sonner) => void)[] = [];
let sequence = 0;

function run(call: (sonner: Sonner) => void): void {
  if (outlet) call(outlet);
  else waiting.push(call);
}

/** Called by the mounted outlet: from now on toasts go straight to sonner; waiting ones show now. */
export function attachToastOutlet(sonner: Sonner): void {
  outlet = sonner;
  const calls = waiting;
  waiting = [];
  calls.forEach((call) => call(sonner));
}

/**
 * A toast's id is known at once even while the outlet is on its way, so `toast.loading` followed by
 * `toast.success(..., { id })` updates the same toast either way.
 */
function show(pick: (sonner: Sonner) => Show): Show {
  return (message, data) => {
    const id = data?.id ?? `toast-${(sequence += 1)}`;
    run((sonner) => pick(sonner)(message, { ...data, id }));
    return id;
  };
}

export const toast = Object.assign(
  show((sonner) => sonner),
  {
    success: show((sonner) => sonner.success),
    error: show((sonner) => sonner.error),
    info: show((sonner) => sonner.info),
    warning: show((sonner) => sonner.warning),
    message: show((sonner) => sonner.message),
    loading: show((sonner) => sonner.loading),
    /** Dismisses one toast, or every toast without an id. */
    dismiss(id?: ToastId): ToastId | undefined {
      run((sonner) => sonner.dismiss(id));
      return id;
    },
  },
);
