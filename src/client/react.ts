// What the islands import from "react", in the browser: esbuild points "react" here and
// "react/jsx-runtime" at Preact's, so the same components hydrate with a runtime of about 5 KB
// instead of React's 60 (README: "Islands").
export { createContext, createElement, Fragment } from "preact";
export { useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState } from "preact/hooks";
