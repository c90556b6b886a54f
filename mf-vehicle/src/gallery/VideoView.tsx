import { galleryImage, PHOTO_SIZE, type VideoSlide } from './media.ts';
import { Icon } from '@forecourt/ui/icons';

/**
 * The slider's video slide: until the shopper reaches it, a still linking to the provider's page (its player, scripts
 * and cookies load only once the slide is shown); then the provider's privacy-enhanced player, or a native <video>
 * for a video file.
 */
export function VideoView({ slide, poster, active, load }: { slide: VideoSlide; poster: string | undefined; active: boolean; load: boolean }) {
  const { video } = slide;
  if (video.kind === 'embed' && !load) {
    // Until the shopper reaches the video, a still that links to it: the provider's player (and its scripts and
    // cookies) loads only when the slide is shown, and without JavaScript the link still plays it.
    return (
      <a className="fvg-facade" href={video.page} tabIndex={active ? 0 : -1}>
        {poster ? <img {...galleryImage(poster)} alt="" width={PHOTO_SIZE.width} height={PHOTO_SIZE.height} loading="lazy" decoding="async" /> : null}
        <span className="fvg-facade__play">
          <Icon name="play" />{' '}
          {`Play the video of the ${slide.title.replace(/^Video of the /, '')}`}
        </span>
      </a>
    );
  }
  if (video.kind === 'embed') {
    return (
      <iframe
        className="fvg-video"
        src={video.src}
        title={slide.title}
        width={PHOTO_SIZE.width}
        height={PHOTO_SIZE.height}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        tabIndex={active ? 0 : -1}
      />
    );
  }
  return (
    <video className="fvg-video" src={video.src} poster={poster} controls preload="none" playsInline width={PHOTO_SIZE.width} height={PHOTO_SIZE.height} aria-label={slide.title} tabIndex={active ? 0 : -1}>
      <a href={video.src}>{slide.title}</a>
    </video>
  );
}
