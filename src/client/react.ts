// What the islands import from "react", in the browser: esbuild points "react" here and
// "react/jsx-runtime" at ./runtime/jsx-runtime.ts, so the same components hydrate with a
// runtime of about 1.5 KB instead of React's 60 (README: "Islands").
export { createElement, Fragment } from "./runtime/vnode.ts";
export { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "./runtime/hooks.ts";
