import {BookIcon} from '@sanity/icons/Book'
import {CogIcon} from '@sanity/icons/Cog'
import {ControlsIcon} from '@sanity/icons/Controls'
import {DocumentsIcon} from '@sanity/icons/Documents'
import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {HomeIcon} from '@sanity/icons/Home'
import {LockIcon} from '@sanity/icons/Lock'
import {PinIcon} from '@sanity/icons/Pin'
import {StarIcon} from '@sanity/icons/Star'
import {TimelineIcon} from '@sanity/icons/Timeline'
import {UsersIcon} from '@sanity/icons/Users'
import type {StructureBuilder, StructureResolver} from 'sanity/structure'

import {
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_TYPE,
  mailTemplateId,
} from '@repo/schemas/mail-templates.ts'

import {reviewsListItem} from './reviews'

export const SETTINGS_FOR_EXPERIENCE_TEMPLATE = 'experienceSettings-for-experience'

function singleton(S: StructureBuilder, type: string, title: string, icon: React.ComponentType) {
  return S.listItem()
    .title(title)
    .id(type)
    .icon(icon)
    .child(S.document().schemaType(type).documentId(type).title(title))
}

/**
 * The content workspace reads like the business: experiences (each with its booking settings beside it),
 * stories, testimonials, the mails' texts, then the singletons.
 */
export const contentStructure: StructureResolver = (S) =>
  S.list()
    .title('Content')
    .items([
      S.listItem()
        .title('Experiences')
        .id('experiences')
        .icon(PinIcon)
        .child(
          S.documentTypeList('experience')
            .title('Experiences')
            .defaultOrdering([{field: 'featuredOrder', direction: 'asc'}])
            .child((experienceId) =>
              S.list()
                .title('Experience')
                .items([
                  S.listItem()
                    .title('Experience page')
                    .id('page')
                    .icon(PinIcon)
                    .child(S.document().schemaType('experience').documentId(experienceId)),
                  S.listItem()
                    .title('Booking settings')
                    .id('settings')
                    .icon(ControlsIcon)
                    .child(
                      S.documentList()
                        .title('Booking settings')
                        .schemaType('experienceSettings')
                        .filter('_type == "experienceSettings" && experience._ref == $experienceId')
                        .params({experienceId})
                        .initialValueTemplates([
                          S.initialValueTemplateItem(SETTINGS_FOR_EXPERIENCE_TEMPLATE, {
                            experienceId,
                          }),
                        ]),
                    ),
                ]),
            ),
        ),
      S.documentTypeListItem('experienceSettings').title('All booking settings').icon(ControlsIcon),
      S.documentTypeListItem('resource').title('Resources (boats, vehicles)'),
      S.divider(),
      S.listItem()
        .title('Stories')
        .id('story')
        .icon(BookIcon)
        .child(
          S.documentTypeList('story')
            .title('Stories')
            .defaultOrdering([{field: 'listOrder', direction: 'asc'}]),
        ),
      S.documentTypeListItem('testimonial').title('Testimonials'),
      reviewsListItem(S, StarIcon),
      S.divider(),
      // Each mail once, by its fixed id: the functions look templates up by kind.
      S.listItem()
        .title('Mail templates')
        .id('mail-templates')
        .icon(EnvelopeIcon)
        .child(
          S.list()
            .title('Mail templates')
            .items(
              MAIL_TEMPLATE_KINDS.map(({kind, title}) =>
                S.listItem()
                  .title(title)
                  .id(kind)
                  .icon(EnvelopeIcon)
                  .child(
                    S.document()
                      .schemaType(MAIL_TEMPLATE_TYPE)
                      .documentId(mailTemplateId(kind))
                      .title(title),
                  ),
              ),
            ),
        ),
      S.divider(),
      singleton(S, 'itinerary', 'Sample itinerary', TimelineIcon),
      singleton(S, 'homePage', 'Home page', HomeIcon),
      singleton(S, 'aboutPage', 'About page', UsersIcon),
      singleton(S, 'pageCopy', 'Other page copy', DocumentsIcon),
      singleton(S, 'privacyNotice', 'Privacy notice', LockIcon),
      singleton(S, 'siteSettings', 'Site settings', CogIcon),
    ])
