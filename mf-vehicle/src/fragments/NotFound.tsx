/** The fragment for a page this remote does not have (status 404). */
export function NotFound() {
  return (
    <section className="fc-fallback">
      <h1>Page not found</h1>
      <p>Sorry, we couldn't find that page.</p>
      <p>
        <a className="fc-btn fc-btn--primary" href="/search/new-used-and-demo-cars">
          Browse all stock
        </a>{' '}
        <a className="fc-btn" href="/">
          Home
        </a>
      </p>
    </section>
  );
}
