/** '3 / 12' on screen, 'Slide 3 of 12' for screen readers. */
export function SlideCount({ index, count }: { index: number; count: number }) {
  return (
    <>
      <span aria-hidden="true">{`${index + 1} / ${count}`}</span>
      <span className="fc-visually-hidden">{`Slide ${index + 1} of ${count}`}</span>
    </>
  );
}
