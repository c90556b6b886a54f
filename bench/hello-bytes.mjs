// The second ceiling of the car section: the bare Hono hello on the same runtime answering the bytes and headers of
// the cached car page (bindings BODY: the page's HTML, HEADERS: its headers), built once per isolate. What is left
// between this and the cached car page is the shell's own work per hit; what is left between this and the hello is
// the runtime (and the load generator) moving ~110 KB per answer. The bytes are kept as a Blob, as the shell keeps its
// documents: a Response made from a Uint8Array copies it per answer, one made from a Blob does not (bench/RESULTS.md).
import { Hono } from 'hono';
const app = new Hono();
let body;
app.get('*', (c) => new Response((body ??= new Blob([new TextEncoder().encode(c.env.BODY)])), { headers: c.env.HEADERS }));
export default app;
