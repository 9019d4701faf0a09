import {defineCliConfig} from 'sanity/cli'

export default defineCliConfig({
  // The local lake serves the built studio at /studio (as Sanity hosts a deployed studio).
  project: {basePath: '/studio'},
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'local',
    dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  },
  // One typegen config for the whole repo: queries in web, functions and server, one generated file in schemas/.
  typegen: {
    path: ['../web/src/**/*.{ts,tsx}', '../functions/**/*.ts', '../server/**/*.ts'],
    schema: '../schemas/sanity.schema.json',
    generates: '../schemas/sanity.types.ts',
    overloadClientMethods: true,
  },
})
