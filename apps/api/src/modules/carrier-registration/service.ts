// The carrier (A2P 10DLC) registration of a location's texting: submitted from the stored business details,
// carried out by the registrar in the worker, checked with a growing wait until the carriers decide.
import { MSG, PRODUCT, type CarrierRegistrationData, type onboardingApi } from '@kudo/shared';
import { z } from 'zod';
import type { AppDeps, LocationCtx, Log } from '../../http/context.js';
import { defineJob } from '../../jobs/define.js';
import { actionEmail } from '../../lib/mail.js';
import type { CarrierRegistration, CarrierSubmission } from '../../generated/prisma/client.js';
import { REGISTRATION_STEPS, type AdvanceResult, type RegistrationInput } from '../../providers/registrar/index.js';
import { carrierDetailsView, storeCarrierDetails } from '../onboarding/index.js';
import { campaignDetails } from './campaign.js';

type StatusView = z.output<typeof onboardingApi.carrierStatusView>;

/** Statuses the worker keeps checking. */
const ACTIVE = ['pending', 'in_review'];
/** How long a worker holds a registration it is advancing (longer than any run takes). */
const LEASE_SECONDS = 300;

/** Where the settings screen is, for the owners' email. */
const SCREEN_PATH = '/settings/messaging/registration';

/**
 * The location's `twilio_verified`, which the banner and the inbox's send check read: approved is verified; a
 * registration approved before keeps its texts verified while changed details are reviewed.
 */
function twilioVerifiedOf(status: string, approvedBefore: boolean): string {
  if (status === 'approved') return 'verified';
  if (status === 'failed') return 'rejected';
  return approvedBefore ? 'verified' : 'in_progress';
}

/** The messages a day a trust score gives, by the configured tiers. */
export function dailyLimitFor(deps: AppDeps, score: number | null | undefined): number | null {
  if (score === null || score === undefined) return null;
  return deps.config.carrier.dailyLimits.find((tier) => score >= tier.minScore)?.limit ?? null;
}

/** The details as they are submitted: a change of any of them is an update of the registration. */
const detailsKey = (r: CarrierRegistration) =>
  JSON.stringify([
    r.legalName, r.businessType, r.ein, r.website, r.contactFirstName, r.contactLastName, r.contactEmail, r.contactPhone,
    r.contactTitle, r.contactPosition, r.street, r.city, r.state, r.postalCode,
  ]);

function view(deps: AppDeps, submission: CarrierSubmission | null, twilioVerified: string): StatusView {
  const { fees, dailyLimits } = deps.config.carrier;
  const steps = (submission?.steps ?? {}) as Record<string, string>;
  return {
    status: (submission?.status ?? 'not_submitted') as StatusView['status'],
    updating: Boolean(submission?.approvedAt) && ACTIVE.includes(submission?.status ?? ''),
    steps: REGISTRATION_STEPS.map((step) => ({ step, status: (steps[step] ?? 'draft') as StatusView['steps'][number]['status'] })),
    failure: submission?.status === 'failed' ? { reason: submission.failureReason ?? 'The carriers did not accept the registration.', field: submission.failureField } : null,
    submitted_at: submission?.submittedAt.toISOString() ?? null,
    approved_at: submission?.approvedAt?.toISOString() ?? null,
    next_check_at: submission && ACTIVE.includes(submission.status) ? (submission.nextPollAt?.toISOString() ?? null) : null,
    trust_score: submission?.trustScore ?? null,
    daily_limit: submission?.dailyLimit ?? null,
    fees: { brand: fees.brand, vetting: fees.vetting, campaign_vetting: fees.campaignVetting, campaign_monthly: fees.campaignMonthly },
    daily_limits: dailyLimits.map((t) => ({ min_score: t.minScore, limit: t.limit })),
    twilio_verified: twilioVerified,
  };
}

export async function registrationStatus(ctx: LocationCtx): Promise<StatusView> {
  const locationId = ctx.location.locationId;
  const [submission, location] = await Promise.all([
    ctx.db.carrierSubmission.findUnique({ where: { locationId } }),
    ctx.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { twilioVerified: true } }),
  ]);
  return view(ctx, submission, location.twilioVerified);
}

/**
 * Keeps the details and submits them: a first submission, a resubmission after a failure, or (approved before)
 * an update of what the carriers hold. Details unchanged since a submission still standing change nothing.
 */
export async function submitRegistration(ctx: LocationCtx, input: CarrierRegistrationData) {
  const locationId = ctx.location.locationId;
  const [before, submission] = await Promise.all([
    ctx.db.carrierRegistration.findUnique({ where: { locationId } }),
    ctx.db.carrierSubmission.findUnique({ where: { locationId } }),
  ]);
  const details = await storeCarrierDetails(ctx.db, locationId, ctx.session.userId, input);
  const unchanged = before !== null && detailsKey(before) === detailsKey(details);
  if (submission && unchanged && submission.status !== 'failed') {
    const location = await ctx.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { twilioVerified: true } });
    return { data: { registration: carrierDetailsView(details), status: view(ctx, submission, location.twilioVerified) }, message: MSG.carrierUnchanged };
  }
  const now = new Date();
  const approvedBefore = Boolean(submission?.approvedAt);
  const data = {
    status: 'pending',
    submittedAt: now,
    failureReason: null,
    failureField: null,
    polls: 0,
    nextPollAt: now,
    // A new outcome is worth an email again, except a second approval of a registration already approved.
    notified: approvedBefore ? submission!.notified : '',
  };
  const twilioVerified = twilioVerifiedOf('pending', approvedBefore);
  const [saved] = await ctx.db.$transaction([
    ctx.db.carrierSubmission.upsert({ where: { locationId }, create: { locationId, ...data }, update: data }),
    ctx.db.location.update({ where: { id: locationId }, data: { twilioVerified } }),
  ]);
  await ctx.jobs?.send(advanceRegistrationJob, { locationId, at: now.toISOString() });
  return {
    data: { registration: carrierDetailsView(details), status: view(ctx, saved, twilioVerified) },
    message: approvedBefore ? MSG.carrierUpdateSubmitted : MSG.carrierSubmitted,
  };
}

/** The registrar's input for a location: its stored details, number and Messaging Service, and its campaign. */
async function registrationInput(deps: AppDeps, submission: CarrierSubmission): Promise<RegistrationInput | null> {
  const locationId = submission.locationId;
  const [details, location] = await Promise.all([
    deps.db.carrierRegistration.findUnique({ where: { locationId } }),
    deps.db.location.findUniqueOrThrow({ where: { id: locationId }, select: { name: true, smsNumber: true, messagingServiceSid: true } }),
  ]);
  if (!details) return null;
  return {
    locationId,
    locationName: location.name,
    phoneNumber: location.smsNumber,
    messagingServiceSid: location.messagingServiceSid,
    business: {
      legalName: details.legalName,
      businessType: details.businessType,
      ein: details.ein,
      website: details.website,
      street: details.street,
      city: details.city,
      state: details.state,
      postalCode: details.postalCode,
      contact: {
        firstName: details.contactFirstName,
        lastName: details.contactLastName,
        email: details.contactEmail,
        phone: `+1${details.contactPhone.replace(/\D/g, '').slice(-10)}`,
        title: details.contactTitle,
        position: details.contactPosition,
      },
    },
    campaign: await campaignDetails(deps, locationId),
    submittedAt: submission.submittedAt,
    inboundUrl: `${deps.config.publicUrl}/api/webhooks/twilio/inbound`,
  };
}

/** The wait before the next check: the registrar's own when it knows, else doubling from the configured start. */
function nextCheckSeconds(deps: AppDeps, result: AdvanceResult, polls: number): number {
  if (result.checkAgainInSeconds !== undefined) return Math.max(1, Math.ceil(result.checkAgainInSeconds));
  const { pollSeconds, pollMaxSeconds } = deps.config.carrier;
  return Math.min(pollSeconds * 2 ** Math.min(polls, 20), pollMaxSeconds);
}

/** Tells the location's owners, once per outcome, that the registration was approved or failed. */
async function notifyOwners(deps: AppDeps, locationId: number, outcome: 'approved' | 'failed', reason: string | null) {
  const owners = await deps.db.membership.findMany({
    where: { locationId, active: true, role: 'Owner' },
    select: { user: { select: { email: true, firstName: true } }, location: { select: { name: true } } },
  });
  for (const o of owners) {
    const approved = outcome === 'approved';
    const body = actionEmail({
      greeting: `Hi ${o.user.firstName || 'there'},`,
      intro: approved
        ? `The carriers approved the texting registration of ${o.location.name}: its texts are now delivered as a registered business.`
        : `The carriers did not approve the texting registration of ${o.location.name}: ${reason ?? 'no reason was given'}. Correct the details and submit them again.`,
      action: approved ? 'See the registration' : 'Fix the registration',
      url: `${deps.config.publicUrl}${SCREEN_PATH}`,
      outro: approved ? 'Nothing more is needed from you.' : 'Texts keep going meanwhile, but carriers may filter them until the registration is approved.',
    });
    await deps.providers.email.send({
      to: o.user.email,
      subject: approved ? `${PRODUCT.name}: texting registration approved for ${o.location.name}` : `${PRODUCT.name}: texting registration for ${o.location.name} needs your attention`,
      text: body.text,
      html: body.html,
      locationId,
      audience: 'staff',
      app: 'account',
      template: 'carrier-registration',
    });
  }
}

/**
 * One run of the worker for a location: takes the registration as far as the registrar gets it, stores where it
 * stands, and schedules the next check while the carriers review it. `at` names the check this run was scheduled
 * as; a run of an older schedule (a resubmission made a new one) does nothing.
 */
export async function advanceRegistration(deps: AppDeps & { log?: Log }, locationId: number, at?: string) {
  const claimed = await deps.db.$queryRaw<{ id: number }[]>`
    UPDATE carrier_submissions SET lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE location_id = ${locationId} AND status IN ('pending', 'in_review')
      AND (lease_until IS NULL OR lease_until < now())
      AND (${at ?? null}::text IS NULL OR next_poll_at = (${at ?? null}::timestamptz AT TIME ZONE 'UTC'))
    RETURNING id`;
  if (claimed.length === 0) return;
  const release = () => deps.db.carrierSubmission.update({ where: { locationId }, data: { leaseUntil: null } });
  let submission: CarrierSubmission;
  let result: AdvanceResult;
  try {
    submission = await deps.db.carrierSubmission.findUniqueOrThrow({ where: { locationId } });
    const input = await registrationInput(deps, submission);
    if (!input) {
      result = { status: 'failed', steps: {}, failure: { reason: MSG.carrierLegalName, field: 'legal_name' } };
    } else {
      result = await deps.providers.registrar.advance(input, submission.resources as Record<string, string>, async (patch) => {
        await deps.db.$executeRaw`UPDATE carrier_submissions SET resources = resources || ${JSON.stringify(patch)}::jsonb WHERE location_id = ${locationId}`;
      });
    }
  } catch (error) {
    await release();
    throw error;
  }

  const now = new Date();
  const active = ACTIVE.includes(result.status);
  const nextPollAt = active ? new Date(now.getTime() + nextCheckSeconds(deps, result, submission.polls) * 1000) : null;
  const approvedBefore = Boolean(submission.approvedAt);
  const trustScore = result.trustScore ?? submission.trustScore;
  const data = {
    status: result.status,
    steps: result.steps,
    failureReason: result.failure?.reason ?? null,
    failureField: result.failure?.field ?? null,
    trustScore,
    dailyLimit: result.dailyLimit ?? dailyLimitFor(deps, trustScore),
    polls: submission.polls + 1,
    nextPollAt,
    leaseUntil: null,
    ...(result.status === 'approved' ? { approvedAt: now } : {}),
  };
  // Only if the details were not submitted again meanwhile: a newer submission has its own run.
  const saved = await deps.db.$transaction(async (tx) => {
    const updated = await tx.carrierSubmission.updateMany({ where: { locationId, submittedAt: submission.submittedAt }, data });
    if (updated.count === 0) return false;
    await tx.location.update({ where: { id: locationId }, data: { twilioVerified: twilioVerifiedOf(result.status, approvedBefore) } });
    return true;
  });
  if (!saved) {
    await release();
    return;
  }
  if (nextPollAt) await deps.jobs?.send(advanceRegistrationJob, { locationId, at: nextPollAt.toISOString() }, { startAfter: nextPollAt });
  if ((result.status === 'approved' || result.status === 'failed') && submission.notified !== result.status) {
    const marked = await deps.db.carrierSubmission.updateMany({ where: { locationId, notified: submission.notified }, data: { notified: result.status } });
    if (marked.count === 1) await notifyOwners(deps, locationId, result.status, result.failure?.reason ?? null);
  }
}

/** Registrations whose check is overdue (a worker stopped, a job was lost): checked again. */
export async function sweepRegistrations(deps: AppDeps) {
  const due = await deps.db.carrierSubmission.findMany({
    where: {
      status: { in: ACTIVE },
      nextPollAt: { lt: new Date(Date.now() - 60_000) },
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: new Date() } }],
    },
    select: { locationId: true, nextPollAt: true },
    take: 500,
  });
  for (const s of due) await deps.jobs?.send(advanceRegistrationJob, { locationId: s.locationId, at: s.nextPollAt!.toISOString() });
}

export const advanceRegistrationJob = defineJob({
  name: 'carrier-registration.advance',
  payload: z.object({ locationId: z.number().int().positive(), at: z.string().datetime().optional() }),
  handler: (payload, deps) => advanceRegistration(deps, payload.locationId, payload.at),
  retryLimit: 8,
  retryDelaySeconds: 60,
});

export const sweepRegistrationsJob = defineJob({
  name: 'carrier-registration.sweep',
  payload: z.object({}),
  handler: (_payload, deps) => sweepRegistrations(deps),
  cron: '*/5 * * * *',
});
