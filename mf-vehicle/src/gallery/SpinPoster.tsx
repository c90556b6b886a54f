/** The 360 viewer's poster box: same size before and after the viewer opens, so opening it moves nothing else. */
export function SpinPoster({ src, busy, label }: { src: string; busy?: boolean; label?: string }) {
  return (
    <div className="fvs-box">
      <img className="fvs-poster" src={src} alt="" width={1200} height={900} loading="lazy" decoding="async" />
      {busy ? (
        <div className="fvs-loading" role="status">
          <span className="fvs-loading__ring" aria-hidden="true" />
          <span>{label ?? 'Loading the 360° view…'}</span>
        </div>
      ) : null}
    </div>
  );
}
