import { SELFIE_TEXTS, type ClientCandidateDetail } from '@casting/domain';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Watermarked } from '../../ui/watermark';

/**
 * What the link shares of a candidate's media: the self-tape first (one at a time when there are several), then the
 * photos and documents. `onView` opens an item, by its place among all the candidate's media, full screen.
 */
export function CandidateMedia({
  candidate,
  watermark,
  onView,
}: {
  candidate: ClientCandidateDetail;
  /** Who is watching, written over the tape (see `Watermarked`). */
  watermark: string;
  onView(index: number): void;
}) {
  const videos = candidate.media.filter((item) => item.kind === 'video');
  const photos = candidate.media.filter((item) => item.kind === 'image');
  const documents = candidate.media.filter((item) => item.kind === 'document');
  const [videoIndex, setVideoIndex] = useState(0);
  const video = videos[videoIndex];

  return (
    <>
      {video ? (
        <section aria-label="Self-tape" className="flex flex-col gap-2">
          <Watermarked text={watermark}>
            <video
              key={video.id}
              className="aspect-video w-full rounded-lg bg-black"
              controls
              // The browser's own full screen would leave the watermark behind: "Full screen" below keeps it.
              controlsList="nofullscreen noremoteplayback"
              disablePictureInPicture
              playsInline
              preload="metadata"
              poster={video.posterUrl ?? undefined}
              src={video.convertedUrl ?? video.url}
              aria-label={`Self-tape: ${video.name}`}
            />
          </Watermarked>
          {videos.length > 1 ? (
            <div className="flex flex-wrap gap-2">
              {videos.map((item, index) => (
                <Button
                  key={item.id}
                  variant={index === videoIndex ? 'primary' : 'secondary'}
                  aria-pressed={index === videoIndex}
                  className="min-h-11"
                  onClick={() => setVideoIndex(index)}
                >
                  Tape {index + 1}
                </Button>
              ))}
            </div>
          ) : null}
          <Button
            variant="ghost"
            className="min-h-11 self-start px-2"
            onClick={() => onView(candidate.media.indexOf(video))}
          >
            Full screen
          </Button>
        </section>
      ) : (
        <p className="text-sm text-ink-muted">No self-tape shared for this candidate.</p>
      )}

      {photos.length > 0 ? (
        <section aria-label="Photos">
          <ul className="flex snap-x gap-2 overflow-x-auto pb-2">
            {photos.map((photo) => (
              <li key={photo.id} className="flex shrink-0 snap-start flex-col gap-1">
                <button
                  type="button"
                  aria-label={`View ${photo.isSelfie ? SELFIE_TEXTS.title.toLowerCase() : 'photo'} ${photo.name} full screen`}
                  onClick={() => onView(candidate.media.indexOf(photo))}
                >
                  <img
                    src={photo.thumbnailUrl ?? photo.convertedUrl ?? photo.url}
                    alt=""
                    className="h-40 w-auto rounded-lg object-cover"
                    loading="lazy"
                  />
                </button>
                {/* The candidate's own current phone photo, unretouched, beside their headshot and portfolio. */}
                {photo.isSelfie ? (
                  <span className="text-xs text-ink-muted" title={SELFIE_TEXTS.explanation}>
                    {SELFIE_TEXTS.title}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {documents.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {documents.map((doc) => (
            <li key={doc.id}>
              <a
                className="text-accent underline"
                href={doc.convertedUrl ?? doc.url}
                target="_blank"
                rel="noreferrer"
              >
                {doc.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
