import {visionTool} from '@sanity/vision'
import {
  defineConfig,
  type DocumentActionComponent,
  type Template,
  type WorkspaceOptions,
} from 'sanity'
import {presentationTool} from 'sanity/presentation'
import {structureTool} from 'sanity/structure'

import {DEFAULT_EXPERIENCE_SETTINGS} from '@repo/schemas/experience-settings.ts'

import {RejectedReviewBadge, guardReviewPublish} from './actions/reviewModeration'
import {localLakeOptions} from './local-lake'
import {developerTools} from './lib/developer-tools'
import {locations, mainDocuments} from './presentation/resolve'
import {
  bookingsSchemaTypes,
  contentSchemaTypes,
  singletonTypes,
} from './schemaTypes'
import {SETTINGS_FOR_EXPERIENCE_TEMPLATE, contentStructure} from './structure'

// Vite exposes SANITY_STUDIO_* variables on import.meta.env in the browser build; the CLI (extract, typegen)
// runs this file in Node, where they are on process.env.
const env: Record<string, string | undefined> = {
  ...(typeof process === 'undefined' ? {} : process.env),
  ...((import.meta as {env?: Record<string, string | undefined>}).env ?? {}),
}

export const projectId = env.SANITY_STUDIO_PROJECT_ID || 'local'
export const dataset = env.SANITY_STUDIO_DATASET || 'production'
/** The site the Presentation tool frames: baked into the build (`sanity deploy` too), the local site by default. */
export const previewUrl = (env.SANITY_STUDIO_PREVIEW_URL || 'http://localhost:3000').replace(
  /\/+$/,
  '',
)

const singletonActions = new Set(['publish', 'discardChanges', 'restore'])

function keepActions(actions: DocumentActionComponent[], allowed: Set<string>) {
  return actions.filter(({action}) => action !== undefined && allowed.has(action))
}

const settingsForExperience: Template = {
  id: SETTINGS_FOR_EXPERIENCE_TEMPLATE,
  title: 'Booking settings for an experience',
  schemaType: 'experienceSettings',
  parameters: [{name: 'experienceId', type: 'string'}],
  value: ({experienceId}: {experienceId: string}) => ({
    ...DEFAULT_EXPERIENCE_SETTINGS,
    blackoutDates: [],
    timeSlots: [...DEFAULT_EXPERIENCE_SETTINGS.timeSlots],
    experience: {_type: 'reference', _ref: experienceId},
  }),
}

/**
 * The private `bookings` dataset's schema: the documents the site's functions and the staff API write (requests,
 * departures, the outbox…). The studio has no workspace for it (staff work in the dashboard, and an editor's role
 * reaches nothing of that dataset: docs/decisions/175-editors-reach-no-bookings.md); it is declared only when the
 * typegen asks for it (`SANITY_TYPEGEN_BOOKINGS=1`, scripts/typegen.ts), so the generated types still cover it.
 */
const bookingsSchemaOnly: WorkspaceOptions = {
  name: 'bookings',
  title: 'Bookings schema (typegen only)',
  basePath: '/bookings-schema',
  projectId,
  dataset: 'bookings',
  schema: {types: bookingsSchemaTypes},
}

export default defineConfig([
  {
    ...localLakeOptions,
    name: 'content',
    title: 'Cape Town Experiences: content',
    basePath: '/content',
    projectId,
    dataset,
    plugins: [
      structureTool({structure: contentStructure}),
      // The site in a frame, with drafts, live, and click-to-edit (docs/decisions/018-editors-preview.md). Preview
      // mode only through the handshake: the studio writes a secret the site checks with its own token
      // (server/preview/).
      presentationTool({
        previewUrl: {
          initial: previewUrl,
          // `disable` is declared for completeness: Presentation 6.16 only opens `enable`; the framed page ends
          // its session when the tool closes (web/src/preview/start-preview.ts), or with its "Exit preview" link.
          previewMode: {
            enable: '/api/preview/enable',
            disable: '/api/preview/disable',
            shareAccess: false,
          },
        },
        allowOrigins: [previewUrl],
        resolve: {locations, mainDocuments},
      }),
      visionTool({defaultApiVersion: '2025-02-19'}),
    ],
    // Vision (GROQ against the whole dataset) is a developer's tool: administrators and developers see it, editors
    // do not (docs/decisions/177-vision-for-developers-only.md).
    tools: developerTools,
    schema: {
      types: contentSchemaTypes,
      // Singletons are opened from the structure, never created from the "new document" menu.
      templates: (templates) => [
        // Reviews come from travellers through the site's review form, never from the "new document" menu.
        ...templates.filter(
          ({schemaType}) => !singletonTypes.has(schemaType) && schemaType !== 'review',
        ),
        settingsForExperience,
      ],
    },
    document: {
      actions: (actions, {schemaType}) =>
        singletonTypes.has(schemaType)
          ? keepActions(actions, singletonActions)
          : // A copy of a review would be a review nobody wrote, outside the one-per-booking rule; a rejected one's
            // Publish says it is rejected (docs/decisions/176-a-rejected-review-says-so.md).
            schemaType === 'review'
            ? actions
                .filter(({action}) => action !== 'duplicate')
                .map((action) => (action.action === 'publish' ? guardReviewPublish(action) : action))
            : actions,
      badges: (badges, {schemaType}) =>
        schemaType === 'review' ? [...badges, RejectedReviewBadge] : badges,
      // Booking settings are created from an experience's "Booking settings" pane (already linked to it),
      // not from the global "new document" menu.
      newDocumentOptions: (options, {creationContext}) =>
        options.filter(
          ({templateId}) =>
            !singletonTypes.has(templateId) &&
            (creationContext.type !== 'global' || templateId !== SETTINGS_FOR_EXPERIENCE_TEMPLATE),
        ),
    },
  },
  ...(env.SANITY_TYPEGEN_BOOKINGS === '1' ? [bookingsSchemaOnly] : []),
])
