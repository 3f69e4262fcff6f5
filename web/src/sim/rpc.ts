// The page's calls into the simulation worker (./worker.ts), over postMessage: a method's name and
// arguments out, its value (or error) back; a function argument (a progress callback) stays on
// the page and the worker's calls to it come back as messages. Comlink did this before; this is
// the part the simulation worker uses, a fraction of its size in the page's main script (issue
// 20). The sweep's and the lessons' workers, loaded on demand, still use Comlink.

/** A call, from the page. `callbacks`: the indices of the arguments that were functions (sent as null). */
interface CallMessage { readonly rpc: number; readonly method: string; readonly args: readonly unknown[]; readonly callbacks: readonly number[] }
/** A function argument called in the worker. */
interface CallbackMessage { readonly rpc: number; readonly callback: number; readonly args: readonly unknown[] }
/** A call's end: its value, or what it threw (an Error as its name, message and stack). */
type ReplyMessage =
  | { readonly rpc: number; readonly value: unknown }
  | { readonly rpc: number; readonly thrown: unknown; readonly error?: { name: string; message: string; stack?: string } };

type Method = (...args: never[]) => unknown;

/** The worker's API as the page calls it: every method returns a promise. */
export type Remote<Api> = { readonly [K in keyof Api]: Api[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never };

const transfers = new WeakMap<object, Transferable[]>();

/** Marks a value a worker method returns as sent with `list` transferred, not copied. */
export function transfer<T extends object>(value: T, list: Transferable[]): T {
  transfers.set(value, list);
  return value;
}

const isMessage = (data: unknown): data is { rpc: number } => typeof data === 'object' && data !== null && 'rpc' in data;

/** The worker's side: answers the page's calls to `api`'s methods (other messages are left to their listeners). */
export function serve(api: Readonly<Record<string, Method>>, scope: { addEventListener(type: 'message', l: (e: MessageEvent) => void): void; postMessage(m: unknown, t: Transferable[]): void }): void {
  scope.addEventListener('message', (event: MessageEvent) => {
    if (!isMessage(event.data) || !('method' in event.data)) return;
    const { rpc, method, args, callbacks } = event.data as CallMessage;
    const given = args.map((a, i) => (callbacks.includes(i) ? (...cbArgs: unknown[]) => scope.postMessage({ rpc, callback: i, args: cbArgs } satisfies CallbackMessage, []) : a));
    const reply = (m: ReplyMessage, t: Transferable[] = []) => scope.postMessage(m, t);
    void Promise.resolve().then(() => (api[method] as (...a: unknown[]) => unknown)(...given)).then(
      (value) => reply({ rpc, value }, (typeof value === 'object' && value !== null && transfers.get(value)) || []),
      (thrown: unknown) => reply(thrown instanceof Error
        ? { rpc, thrown: null, error: { name: thrown.name, message: thrown.message, ...(thrown.stack === undefined ? {} : { stack: thrown.stack }) } }
        : { rpc, thrown }),
    );
  });
}

/** The page's side: `worker`'s API; each call's promise settles with the worker's reply. */
export function connect<Api>(worker: Worker): Remote<Api> {
  let next = 0;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void; fns: readonly unknown[] }>();
  worker.addEventListener('message', (event: MessageEvent) => {
    if (!isMessage(event.data)) return;
    const call = pending.get(event.data.rpc);
    if (!call) return;
    const data = event.data as CallbackMessage | ReplyMessage;
    if ('callback' in data) {
      (call.fns[data.callback] as (...a: unknown[]) => void)(...data.args);
    } else if ('value' in data) {
      pending.delete(data.rpc);
      call.resolve(data.value);
    } else {
      pending.delete(data.rpc);
      call.reject(data.error ? Object.assign(new Error(data.error.message), data.error) : data.thrown);
    }
  });
  const call = (method: string, args: unknown[]) => new Promise((resolve, reject) => {
    const rpc = next++;
    pending.set(rpc, { resolve, reject, fns: args });
    const callbacks = args.flatMap((a, i) => (typeof a === 'function' ? [i] : []));
    worker.postMessage({ rpc, method, args: args.map((a) => (typeof a === 'function' ? null : a)), callbacks } satisfies CallMessage);
  });
  // Not a thenable: `then` is no method of the worker's.
  return new Proxy({}, { get: (_, method) => (method === 'then' ? undefined : (...args: unknown[]) => call(String(method), args)) }) as Remote<Api>;
}
