// Financial aid: the family's application and its answer, finance's batch and funds.
import { callables } from '../../../contract/callables';
import { actorOf, callable } from '../lib/callable';
import { applyForAid as apply, awardAid, donationFunds as fundNames, myAid as familyAid, officeAid, saveFund } from '../usecases/aid';

export const applyForAid = callable(callables.applyForAid, (input, ctx) => apply(actorOf(ctx), input, new Date()));

export const donationFunds = callable(callables.donationFunds, () => fundNames());

export const myAid = callable(callables.myAid, async (_p, ctx) => familyAid(ctx.uid));

export const adminAid = callable(callables.adminAid, async (_p, ctx) => officeAid(actorOf(ctx), new Date()));

export const adminAwardAid = callable(callables.adminAwardAid, (input, ctx) => awardAid(actorOf(ctx), input, new Date()));

export const adminSaveFund = callable(callables.adminSaveFund, (input, ctx) => saveFund(actorOf(ctx), input, new Date()));
