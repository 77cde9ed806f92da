import { ShowReport, showMessages } from '@vault/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { guardEveryRoute } from '../platform/route-access';
import type { ZodTypeProvider } from '../platform/zod-provider';
import { showReport, showReportCsv } from './report';

const ShowParams = z.object({ showId: z.uuid(showMessages.notFound) });

/** Admin: a show's timeline and report, and the report's items as a CSV download. */
const showReports: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  guardEveryRoute(fastify, app.requireAdmin);

  app.get('/:showId/report', { schema: { params: ShowParams, response: { 200: ShowReport } } }, async (request) =>
    showReport(app.deps, request.params.showId),
  );

  app.get(
    '/:showId/report.csv',
    {
      schema: {
        params: ShowParams,
        response: {
          200: {
            description:
              'The report as CSV (RFC 4180, UTF-8 with a byte order mark), one row per item: position, title, price, status, shown and sold times, seconds to sale, buyer email, purchase status, buy attempts by outcome and in total, hearts, presses and members refused by eligibility rules, fair drops (sale mode, members and presses recorded, the most presses by one member, reaction times timed, fastest, p10, p50 and p90 in ms and per histogram bin, flagged members, and for a draw item its draw status, entries, winning entry and public record path), and after the sale: shipment status, ship-by day, shipped and delivered times, shipped on time (yes/no), calendar days from the show end to shipping, captured, refunded and return status. Cells that a spreadsheet would run as a formula start with an apostrophe.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await showReportCsv(app.deps, request.params.showId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
};

export default showReports;
