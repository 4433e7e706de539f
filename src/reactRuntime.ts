/**
 * React DOM's client, evaluated with React's own chunk (the `react-dom` group in vite.config.ts).
 * React DOM ships as CommonJS, whose body the bundle runs on its first `require`: without this
 * module that was inside the entry's evaluation, in the same long task as the app's own setup.
 * Importing it here runs it when the boot evaluates React's chunk (scripts/vite/bootAfterPaint.ts),
 * in a task of its own.
 */
import * as ReactDomClient from 'react-dom/client';
// A bare import runs the JSX runtime's CommonJS body with React's chunk too.
import 'react/jsx-runtime';

export const createRoot = ReactDomClient.createRoot;
