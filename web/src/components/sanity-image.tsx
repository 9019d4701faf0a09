import type {SanityImageSource} from '../lib/image-fields'
import {imageDimensions, imageUrl, SRCSET_WIDTHS} from '../lib/image-url'

type SanityImageProps = {
  image: SanityImageSource | null | undefined
  /** The largest width the image is shown at, in CSS pixels; the srcset goes up to twice that. */
  width: number
  /** Force a shape (width / height), cropping around the editor's hotspot. Defaults to the asset's own. */
  aspectRatio?: number
  sizes?: string
  /** Above the fold: load at once with high priority (the LCP image); everything else is lazy. */
  priority?: boolean
  className?: string
  /** Decorative images next to a text that says the same get an empty alt. */
  decorative?: boolean
}

/**
 * A responsive image with `srcset`, modern formats (`auto=format`) and explicit width and height, so the browser
 * reserves its space before it loads and the layout does not shift.
 */
export function SanityImage({
  image,
  width,
  aspectRatio,
  sizes = `(max-width: ${width}px) 100vw, ${width}px`,
  priority = false,
  className,
  decorative = false,
}: SanityImageProps) {
  const natural = image ? imageDimensions(image) : null
  const ratio = aspectRatio ?? (natural ? natural.width / natural.height : 3 / 2)
  const height = Math.round(width / ratio)
  if (!image?.asset) {
    return (
      <div
        className={['image-placeholder', className].filter(Boolean).join(' ')}
        style={{aspectRatio: ratio}}
      />
    )
  }
  const maxWidth = Math.min(width * 2, natural?.width ?? Infinity)
  const widths: number[] = SRCSET_WIDTHS.filter((w) => w <= maxWidth)
  if (widths.length === 0) widths.push(Math.round(maxWidth))
  const src = (w: number) =>
    imageUrl(image, {
      width: w,
      ...(aspectRatio ? {height: Math.round(w / aspectRatio), fit: 'crop'} : {}),
      quality: 75,
      auto: 'format',
    })
  return (
    <img
      className={className}
      src={src(Math.min(width, maxWidth))}
      srcSet={widths.map((w) => `${src(w)} ${w}w`).join(', ')}
      sizes={sizes}
      width={width}
      height={height}
      alt={decorative ? '' : (image.alt ?? '')}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      // Element Timing: the page starts hydrating once this image is on screen (see vite.config.ts).
      {...(priority ? {elementtiming: 'priority-image'} : {})}
    />
  )
}
