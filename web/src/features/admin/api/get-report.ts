import {keepPreviousData, queryOptions, useQuery} from '@tanstack/react-query'

import type {Report, ReportRange} from '@repo/schemas/reports.ts'

import {call, staffKeys} from './staff-api'

const reportParams = ({from, to, experience}: ReportRange) =>
  new URLSearchParams({from, to, ...(experience ? {experience} : {})}).toString()

/** The Reports page's figures for a range and, optionally, one experience (functions/staff/reports). */
export const reportQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: [...staffKeys.all, 'reports', range],
    queryFn: ({signal}) => call<Report>(`/reports?${reportParams(range)}`, {signal}),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  })

export const useReport = (range: ReportRange, enabled: boolean) =>
  useQuery({...reportQueryOptions(range), enabled})
