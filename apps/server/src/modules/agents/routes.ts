// Agents (docs/channels.md#agents). The admin's calls (registered in the admin-only plugin of
// back-office-routes.ts): list agents with their balances, create one, record a settlement. The
// agent's own calls (the agent plugin): the day's bookable trips, a sale, its sales and balance.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '@boats/domain/schemas/common';
import {
  agentBookingRequestSchema,
  agentCreateSchema,
  agentResponseSchema,
  agentSalesResponseSchema,
  agentSettlementSchema,
  agentsListResponseSchema,
  agentTripsQuerySchema,
  agentTripsResponseSchema,
} from '@boats/domain/schemas/agents';
import { operatorBookingResponseSchema } from '@boats/domain/schemas/operator-booking';
import { slotIdParams } from '@boats/domain/schemas/trips';
import type { AppContext } from '../../context';
import { audited, noteAudit } from '../audit/audit-trail';
import { stepUp } from '../auth/step-up';
import { adminOf } from '../auth/require-admin';
import {
  agentTrips,
  bookAsAgent,
  createAgent,
  listAgents,
  recordSettlement,
  salesOfAgent,
} from './agent-service';

const security = [{ bearer: [] }];

export const adminAgentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/agents',
    {
      schema: {
        tags: ['admin'],
        summary: "The agents with this month's sales and what each owes",
        security,
        response: { 200: agentsListResponseSchema },
      },
    },
    async () => ({ items: await listAgents(ctx) }),
  );

  app.post(
    '/api/admin/agents',
    {
      // A new account that sells seats for cash: power given (step-up).
      config: { ...audited('agent.create'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary: 'Creates an agent: its account (role agent), name and commission',
        security,
        body: agentCreateSchema,
        response: { 200: agentResponseSchema },
      },
    },
    async (request) => {
      const agent = await createAgent(ctx, request.body);
      noteAudit({ objectId: agent._id });
      return { agent };
    },
  );

  app.post(
    '/api/admin/agents/:id/settlements',
    {
      // Money recorded as received lowers what the agent owes: step-up.
      config: { ...audited('agent.settle'), ...stepUp() },
      schema: {
        tags: ['admin'],
        summary: 'Records cash received from an agent: what it owes goes down by that much',
        description: '400 naming amount when it is more than the agent owes.',
        security,
        params: z.object({ id: uuid }),
        body: agentSettlementSchema,
        response: { 200: agentResponseSchema },
      },
    },
    async (request) => {
      const { agent, settlementId } = await recordSettlement(
        ctx,
        request.params.id,
        request.body,
        adminOf(request),
      );
      noteAudit({ objectId: agent._id, changes: { settlement: { before: null, after: settlementId } } });
      return { agent };
    },
  );
};

export const agentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/agent/trips',
    {
      schema: {
        tags: ['agent'],
        summary: "The day's shared trips an agent may sell, with seats left, and its free charter starts",
        security,
        querystring: agentTripsQuerySchema,
        response: { 200: agentTripsResponseSchema },
      },
    },
    async (request) => agentTrips(ctx, adminOf(request), request.query.date),
  );

  app.post(
    '/api/agent/trips/:slotId/bookings',
    {
      config: audited('booking.agent_sale', { object: null }),
      schema: {
        tags: ['agent'],
        summary:
          "Sells seats on a shared trip, or a charter from this start, to the agent's customer: cash to the agent, or a card payment link",
        security,
        params: slotIdParams,
        body: agentBookingRequestSchema,
        response: { 201: operatorBookingResponseSchema },
      },
    },
    async (request, reply) => {
      const booked = await bookAsAgent(ctx, adminOf(request), request.params.slotId, request.body);
      noteAudit({ objectId: booked.bookingId, bookingId: booked.bookingId });
      return reply.code(201).send(booked);
    },
  );

  app.get(
    '/api/agent/sales',
    {
      schema: {
        tags: ['agent'],
        summary: "The agent's own sales this month, what it earned and what it owes",
        security,
        response: { 200: agentSalesResponseSchema },
      },
    },
    async (request) => salesOfAgent(ctx, adminOf(request)),
  );
};
