// The baseline: a bare Hono hello on the same local runtime, to compare the search page's SSR cost against.
import { Hono } from 'hono';
const app = new Hono();
app.get('*', (c) => c.text('hello'));
export default app;
