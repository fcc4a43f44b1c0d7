import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TopContent } from '../types'

type VideoState = 'preview' | 'playing' | 'failed'

/** A video starts as its preview image with a play button; a file that cannot load leaves the preview and a note. */
function VideoMedia({ src, previewImage }: { src: string; previewImage: string | null }) {
  const { t } = useTranslation()
  const [state, setState] = useState<VideoState>('preview')
  const preview = previewImage ? <img className="wizard-media__image" src={previewImage} alt="" /> : null

  if (state === 'playing') {
    return (
      <video
        className="wizard-media__video"
        data-testid="wizard-media-video"
        src={src}
        poster={previewImage ?? undefined}
        controls
        autoPlay
        playsInline
        onError={() => setState('failed')}
      />
    )
  }
  return (
    <div className="wizard-media__preview" data-testid="wizard-media-preview">
      {preview ?? <span className="wizard-media__blank" />}
      {state === 'failed' ? (
        <p className="wizard-media__note" role="status" data-testid="wizard-media-error">
          {t('wizard.videoUnavailable')}
        </p>
      ) : (
        <button
          type="button"
          className="wizard-media__play"
          data-testid="wizard-media-play"
          aria-label={t('wizard.playVideo')}
          onClick={() => setState('playing')}
        >
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </button>
      )}
    </div>
  )
}

function Media({ content }: { content: TopContent }) {
  const { t } = useTranslation()
  const src = content.mediaUrl?.trim()
  if (!src) return null
  switch (content.mediaType?.toLowerCase()) {
    case 'image':
      return <img className="wizard-media__image" data-testid="wizard-media-image" src={src} alt="" />
    case 'video':
      return <VideoMedia src={src} previewImage={content.previewImage?.trim() || null} />
    case 'audio':
      return (
        <audio className="wizard-media__audio" data-testid="wizard-media-audio" src={src} controls preload="none">
          {t('wizard.audioUnsupported')}
        </audio>
      )
    default:
      return null
  }
}

/** The page's optional top media (image; video with preview and play button; audio) and subtitle (spec 2 §2). */
export function TopMedia({ content }: { content: TopContent }) {
  const subtitle = content.subtitle?.trim()
  return (
    <section className="wizard-media" data-testid="wizard-top-content" data-media-type={content.mediaType ?? undefined}>
      <Media content={content} />
      {subtitle ? <p className="wizard-media__subtitle">{subtitle}</p> : null}
    </section>
  )
}
