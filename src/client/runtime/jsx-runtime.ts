// What the islands' JSX compiles to in the browser (esbuild's automatic runtime, "react/jsx-runtime").
export { Fragment, jsx, jsx as jsxs } from "./vnode.ts";
