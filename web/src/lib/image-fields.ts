/** Projection of an `imageWithAltField` image: what `SanityImage` needs for srcset, crop and alt text. */
export const imageFields = /* groq */ `{asset, crop, hotspot, "alt": coalesce(alt, "")}`

/** What `SanityImage` needs; the generated query result types (schemas/sanity.types.ts) fit this shape. */
export type SanityImageSource = {
  asset?: {_ref: string} | null
  crop?: {top: number; bottom: number; left: number; right: number} | null
  hotspot?: {x: number; y: number; height: number; width: number} | null
  alt?: string | null
}
