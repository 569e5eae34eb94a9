#!/usr/bin/env bash
# Instructions to end one of k tokens sharing one property, or one of k subscriptions of one
# sender, oldest first (ObservationBag.removeAll(), EventSender.removeAllSubscriptions()) or
# newest first: the drain family of scaling.sh, which see (same options).
exec "$(dirname "$0")/scaling.sh" drain "$@"
