import { enqueue } from "./render.ts";
import type { Component, Hook, Instance, Props } from "./vnode.ts";

let current: Instance | undefined;
let index = 0;
/** Effects whose dependencies changed in the renders being committed. */
const pending: [Instance, Hook][] = [];

/** Calls a function component with its props, its hooks answering from its instance. */
export function renderComponent(instance: Instance): unknown {
  current = instance;
  index = 0;
  try {
    return (instance.vnode.type as Component)(instance.vnode.props as Props);
  } finally {
    current = undefined;
  }
}

const slot = (): [Instance, Hook] => {
  if (!current) throw new Error("Hooks can only be called inside a component while it renders");
  return [current, (current.hooks[index++] ??= {})];
};
const changed = (hook: Hook, deps?: unknown[]) => !deps || !hook.deps || deps.some((dep, at) => !Object.is(dep, hook.deps![at]));

export function useReducer<S, A, I = S>(reducer: (state: S, action: A) => S, initial: I, init?: (initial: I) => S): [S, (action: A) => void] {
  const [instance, hook] = slot();
  hook.reducer = reducer as Hook["reducer"];
  if (!hook.dispatch) {
    hook.value = init ? init(initial) : initial;
    hook.dispatch = (action) => {
      const next = hook.reducer!(hook.value, action);
      if (Object.is(next, hook.value)) return;
      hook.value = next;
      enqueue(instance);
    };
  }
  return [hook.value as S, hook.dispatch];
}

type SetState<S> = (next: S | ((state: S) => S)) => void;
const nextState = (state: unknown, next: unknown) => (typeof next === "function" ? next(state) : next);

export function useState<S>(initial: S | (() => S)): [S, SetState<S>];
export function useState<S = undefined>(): [S | undefined, SetState<S | undefined>];
export function useState<S>(initial?: S | (() => S)) {
  return useReducer(nextState, initial, (value) => (typeof value === "function" ? (value as () => S)() : value));
}

export function useMemo<T>(make: () => T, deps: unknown[]): T {
  const [, hook] = slot();
  if (changed(hook, deps)) {
    hook.value = make();
    hook.deps = deps;
  }
  return hook.value as T;
}

export const useCallback = <T>(callback: T, deps: unknown[]): T => useMemo(() => callback, deps);

export const useRef = <T>(initial: T): { current: T } => useMemo(() => ({ current: initial }), []);

/**
 * Runs after the render is in the document, again whenever a dependency changed; its returned
 * function cleans up. As in React, effects run in a task of their own after the commit, so
 * hydrating a page and running its effects are two short tasks rather than one long one; and as
 * in React, a key, click or input that comes before that task runs them first.
 */
export function useEffect(effect: () => unknown, deps?: unknown[]): void {
  const [instance, hook] = slot();
  if (!changed(hook, deps)) return;
  hook.deps = deps;
  hook.effect = effect;
  if (pending.push([instance, hook]) === 1) setTimeout(runEffects);
}

// Browsers run input before timers: on a busy phone, Escape pressed just after the menu opened
// would reach the page before the effect that listens for it. The window sees every such event
// first (capture), and a listener an effect adds to the document then still hears it.
for (const type of "keydown keyup pointerdown pointerup mousedown mouseup click touchstart touchend input change submit focusin focusout".split(" "))
  addEventListener(type, runEffects, true);

const cleanUp = (hook: Hook) => typeof hook.cleanup === "function" && hook.cleanup();

// Each changed effect's previous cleanup, then the effect.
function runEffects(): void {
  for (const [instance, hook] of pending.splice(0)) {
    if (instance.unmounted) continue;
    cleanUp(hook);
    hook.cleanup = hook.effect!();
  }
}

/** A component leaves the page: every effect cleans up, and no pending one runs. */
export function unmountHooks(instance: Instance): void {
  instance.unmounted = true;
  instance.hooks.forEach(cleanUp);
}
