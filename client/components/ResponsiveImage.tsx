import { renditionsOf } from '../../shared/image-renditions.ts';

export interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** The displayed size in CSS pixels: set on the <img>, so the browser reserves the box before the file arrives. */
  width: number;
  height: number;
  /** The `sizes` of the srcset: how wide the picture is shown (default: its width). */
  sizes?: string;
  /** Above the fold (the first photo, the first cards): load at once, with high priority. Otherwise lazy. */
  eager?: boolean;
  className?: string;
  /** The language of `alt` when it is not the page's (a catalogue photo's Russian description). */
  lang?: string;
}

/**
 * A picture of the shop (decision 015): WebP in several widths (srcset + sizes) with the original as the
 * fallback, width and height always set (no layout shift), lazy and async-decoded unless marked eager.
 * A picture without generated renditions (an address from elsewhere) is a plain <img> with the same rules.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, eager = false, className, lang }: ResponsiveImageProps) {
  const img = (
    <img
      src={src}
      alt={alt}
      lang={lang}
      width={width}
      height={height}
      className={className}
      loading={eager ? undefined : 'lazy'}
      decoding={eager ? undefined : 'async'}
      fetchPriority={eager ? 'high' : undefined}
    />
  );
  const renditions = renditionsOf(src);
  if (!renditions) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={renditions.srcset} sizes={sizes ?? `${width}px`} />
      {img}
    </picture>
  );
}
