import {defineQuery} from 'groq'

import {imageFields} from '../../../lib/image-fields'

const heroFields = /* groq */ `{overline, heading, intro, "image": image${imageFields}}`

/** Texts of the listing, stories, questionnaire, booking, thank-you and not-found pages (`pageCopy`). */
export const pageCopyQuery = defineQuery(`*[_type == "pageCopy" && _id == "pageCopy"][0]{
  "experiencesHero": experiencesHero${heroFields},
  experiencesWizardToggleLabel,
  "storiesHero": storiesHero${heroFields},
  storiesCtaHeading,
  storiesCtaLabel,
  "questionnaireHero": questionnaireHero${heroFields},
  thankYouHeading,
  "thankYouNextSteps": coalesce(thankYouNextSteps[]{_key, title, text}, []),
  notFoundHeading,
  notFoundText
}`)
