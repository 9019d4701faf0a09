/** Projection for `blockContent` arrays: resolves links to experiences into their page slug. */
export const blockContentFields = /* groq */ `[]{
  ...,
  markDefs[]{..., _type == "experienceLink" => {"slug": experience->slug.current}}
}`
