// Financial aid: the family's application and its answer, finance's batch and funds.
import { callables } from '../../../contract/callables';
import { actorOf, callable } from '../lib/callable';
import * as aidCases from '../usecases/aid';

export const applyForAid = callable(callables.applyForAid, (input, ctx) => aidCases.applyForAid(actorOf(ctx), input, new Date()));

export const donationFunds = callable(callables.donationFunds, () => aidCases.donationFunds());

export const myAid = callable(callables.myAid, async (_p, ctx) => aidCases.myAid(ctx.uid));

export const adminAid = callable(callables.adminAid, async (_p, ctx) => aidCases.officeAid(actorOf(ctx), new Date()));

export const adminAwardAid = callable(callables.adminAwardAid, (input, ctx) => aidCases.awardAid(actorOf(ctx), input, new Date()));

export const adminSaveFund = callable(callables.adminSaveFund, (input, ctx) => aidCases.saveFund(actorOf(ctx), input, new Date()));
