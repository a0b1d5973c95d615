"""Contains all the data models used in inputs/outputs"""

from .ace_in_runs_enum import AceInRunsEnum
from .ace_upcard_enum import AceUpcardEnum
from .api_token import ApiToken
from .attempt import Attempt
from .basic_correction_input_request import BasicCorrectionInputRequest
from .basic_hand_input_request import BasicHandInputRequest
from .basic_round_input_request import BasicRoundInputRequest
from .basic_rules import BasicRules
from .basic_rules_family_enum import BasicRulesFamilyEnum
from .blank_enum import BlankEnum
from .bracket_match import BracketMatch
from .bracket_round import BracketRound
from .card_values import CardValues
from .club import Club
from .club_input_request import ClubInputRequest
from .club_with_role import ClubWithRole
from .clubs_report_csv_retrieve_table import ClubsReportCsvRetrieveTable
from .clubs_report_retrieve_table import ClubsReportRetrieveTable
from .correction_with_game import CorrectionWithGame
from .currency_enum import CurrencyEnum
from .dead_last_living_enum import DeadLastLivingEnum
from .dealer_rule_enum import DealerRuleEnum
from .delivery import Delivery
from .delivery_page import DeliveryPage
from .delivery_status_enum import DeliveryStatusEnum
from .doc_club import DocClub
from .doc_entrant import DocEntrant
from .doc_entry import DocEntry
from .doc_game import DocGame
from .doc_game_rules import DocGameRules
from .doc_hand import DocHand
from .doc_match import DocMatch
from .doc_net import DocNet
from .doc_payout import DocPayout
from .doc_penalty import DocPenalty
from .doc_placing import DocPlacing
from .doc_rebuy import DocRebuy
from .doc_round import DocRound
from .doc_seat import DocSeat
from .doc_session import DocSession
from .doc_session_standings import DocSessionStandings
from .doc_standing import DocStanding
from .doc_standings import DocStandings
from .doc_tournament import DocTournament
from .doc_tournament_rules import DocTournamentRules
from .doc_tournament_standings import DocTournamentStandings
from .doc_voided import DocVoided
from .entrant import Entrant
from .error import Error
from .error_item import ErrorItem
from .evaluate import Evaluate
from .evaluate_input_request import EvaluateInputRequest
from .family_enum import FamilyEnum
from .finish_enum import FinishEnum
from .game import Game
from .game_created_event import GameCreatedEvent
from .game_created_event_data import GameCreatedEventData
from .game_created_event_type_enum import GameCreatedEventTypeEnum
from .game_document import GameDocument
from .game_document_format_enum import GameDocumentFormatEnum
from .game_finished_event import GameFinishedEvent
from .game_finished_event_data import GameFinishedEventData
from .game_finished_event_type_enum import GameFinishedEventTypeEnum
from .game_input_request import GameInputRequest
from .game_page import GamePage
from .game_player import GamePlayer
from .game_player_state_enum import GamePlayerStateEnum
from .game_status_enum import GameStatusEnum
from .game_summary import GameSummary
from .game_voided_event import GameVoidedEvent
from .game_voided_event_data import GameVoidedEventData
from .game_voided_event_type_enum import GameVoidedEventTypeEnum
from .games_list_status import GamesListStatus
from .gin_correction_input_request import GinCorrectionInputRequest
from .gin_round_input_request import GinRoundInputRequest
from .gin_rules import GinRules
from .gin_rules_family_enum import GinRulesFamilyEnum
from .hand_input_request import HandInputRequest
from .hollywood_game import HollywoodGame
from .invitation import Invitation
from .invitation_club import InvitationClub
from .invite import Invite
from .invite_input_request import InviteInputRequest
from .invite_state_enum import InviteStateEnum
from .joined_club import JoinedClub
from .kind_enum import KindEnum
from .knock_correction_input_request import KnockCorrectionInputRequest
from .knock_round_input_request import KnockRoundInputRequest
from .knock_rules import KnockRules
from .knock_rules_family_enum import KnockRulesFamilyEnum
from .lay_off_enum import LayOffEnum
from .ledger_entry import LedgerEntry
from .match import Match
from .member import Member
from .member_input_request import MemberInputRequest
from .member_invited import MemberInvited
from .member_invited_status_enum import MemberInvitedStatusEnum
from .member_token import MemberToken
from .mode_enum import ModeEnum
from .net import Net
from .new_token import NewToken
from .new_webhook import NewWebhook
from .paginated_api_token_list import PaginatedApiTokenList
from .paginated_club_with_role_list import PaginatedClubWithRoleList
from .paginated_invitation_list import PaginatedInvitationList
from .paginated_invite_list import PaginatedInviteList
from .paginated_ledger_entry_list import PaginatedLedgerEntryList
from .paginated_member_list import PaginatedMemberList
from .paginated_member_token_list import PaginatedMemberTokenList
from .paginated_preset_list import PaginatedPresetList
from .paginated_round_list import PaginatedRoundList
from .paginated_tournament_list import PaginatedTournamentList
from .paginated_webhook_list import PaginatedWebhookList
from .patched_webhook_change_request import PatchedWebhookChangeRequest
from .payout import Payout
from .penalty_input_request import PenaltyInputRequest
from .ping_event import PingEvent
from .ping_event_data import PingEventData
from .ping_event_type_enum import PingEventTypeEnum
from .placing import Placing
from .pot_or_points_enum import PotOrPointsEnum
from .preset import Preset
from .preset_enum import PresetEnum
from .rami_correction_input_request import RamiCorrectionInputRequest
from .rami_hand_input_request import RamiHandInputRequest
from .rami_round_input_request import RamiRoundInputRequest
from .rami_rules import RamiRules
from .rami_rules_family_enum import RamiRulesFamilyEnum
from .rami_rules_mode_enum import RamiRulesModeEnum
from .rebuy_input_request import RebuyInputRequest
from .rebuy_offer import RebuyOffer
from .rebuy_state import RebuyState
from .rebuy_taken_event import RebuyTakenEvent
from .rebuy_taken_event_data import RebuyTakenEventData
from .rebuy_taken_event_type_enum import RebuyTakenEventTypeEnum
from .rebuy_undone_event import RebuyUndoneEvent
from .rebuy_undone_event_data import RebuyUndoneEventData
from .rebuy_undone_event_type_enum import RebuyUndoneEventTypeEnum
from .report import Report
from .report_club import ReportClub
from .report_game import ReportGame
from .report_player import ReportPlayer
from .report_player_in_game import ReportPlayerInGame
from .report_player_prizes import ReportPlayerPrizes
from .report_totals import ReportTotals
from .report_totals_paid_out import ReportTotalsPaidOut
from .report_tournament import ReportTournament
from .result import Result
from .role_enum import RoleEnum
from .round_ import Round
from .round_corrected_event import RoundCorrectedEvent
from .round_corrected_event_data import RoundCorrectedEventData
from .round_corrected_event_type_enum import RoundCorrectedEventTypeEnum
from .round_recorded_event import RoundRecordedEvent
from .round_recorded_event_data import RoundRecordedEventData
from .round_recorded_event_type_enum import RoundRecordedEventTypeEnum
from .round_undone_event import RoundUndoneEvent
from .round_undone_event_data import RoundUndoneEventData
from .round_undone_event_type_enum import RoundUndoneEventTypeEnum
from .round_with_game import RoundWithGame
from .rule_overrides import RuleOverrides
from .rule_overrides_card_values import RuleOverridesCardValues
from .scope_enum import ScopeEnum
from .seeding_enum import SeedingEnum
from .session import Session
from .session_document import SessionDocument
from .session_document_format_enum import SessionDocumentFormatEnum
from .session_input_request import SessionInputRequest
from .session_settled_event import SessionSettledEvent
from .session_settled_event_data import SessionSettledEventData
from .session_settled_event_type_enum import SessionSettledEventTypeEnum
from .settlement import Settlement
from .stage_enum import StageEnum
from .token_input_request import TokenInputRequest
from .tournament import Tournament
from .tournament_document import TournamentDocument
from .tournament_document_format_enum import TournamentDocumentFormatEnum
from .tournament_finished_event import TournamentFinishedEvent
from .tournament_finished_event_data import TournamentFinishedEventData
from .tournament_finished_event_type_enum import TournamentFinishedEventTypeEnum
from .tournament_input_request import TournamentInputRequest
from .tournament_ledger import TournamentLedger
from .tournament_ledger_balances import TournamentLedgerBalances
from .tournament_match_finished_event import TournamentMatchFinishedEvent
from .tournament_match_finished_event_data import TournamentMatchFinishedEventData
from .tournament_match_finished_event_type_enum import TournamentMatchFinishedEventTypeEnum
from .tournament_placing_event import TournamentPlacingEvent
from .tournament_rules import TournamentRules
from .tournament_status_enum import TournamentStatusEnum
from .transfer import Transfer
from .undone_rebuy import UndoneRebuy
from .verify import Verify
from .verify_balances import VerifyBalances
from .void import Void
from .void_input_request import VoidInputRequest
from .webhook import Webhook
from .webhook_event_enum import WebhookEventEnum
from .webhook_input_request import WebhookInputRequest

__all__ = (
    "AceInRunsEnum",
    "AceUpcardEnum",
    "ApiToken",
    "Attempt",
    "BasicCorrectionInputRequest",
    "BasicHandInputRequest",
    "BasicRoundInputRequest",
    "BasicRules",
    "BasicRulesFamilyEnum",
    "BlankEnum",
    "BracketMatch",
    "BracketRound",
    "CardValues",
    "Club",
    "ClubInputRequest",
    "ClubsReportCsvRetrieveTable",
    "ClubsReportRetrieveTable",
    "ClubWithRole",
    "CorrectionWithGame",
    "CurrencyEnum",
    "DeadLastLivingEnum",
    "DealerRuleEnum",
    "Delivery",
    "DeliveryPage",
    "DeliveryStatusEnum",
    "DocClub",
    "DocEntrant",
    "DocEntry",
    "DocGame",
    "DocGameRules",
    "DocHand",
    "DocMatch",
    "DocNet",
    "DocPayout",
    "DocPenalty",
    "DocPlacing",
    "DocRebuy",
    "DocRound",
    "DocSeat",
    "DocSession",
    "DocSessionStandings",
    "DocStanding",
    "DocStandings",
    "DocTournament",
    "DocTournamentRules",
    "DocTournamentStandings",
    "DocVoided",
    "Entrant",
    "Error",
    "ErrorItem",
    "Evaluate",
    "EvaluateInputRequest",
    "FamilyEnum",
    "FinishEnum",
    "Game",
    "GameCreatedEvent",
    "GameCreatedEventData",
    "GameCreatedEventTypeEnum",
    "GameDocument",
    "GameDocumentFormatEnum",
    "GameFinishedEvent",
    "GameFinishedEventData",
    "GameFinishedEventTypeEnum",
    "GameInputRequest",
    "GamePage",
    "GamePlayer",
    "GamePlayerStateEnum",
    "GamesListStatus",
    "GameStatusEnum",
    "GameSummary",
    "GameVoidedEvent",
    "GameVoidedEventData",
    "GameVoidedEventTypeEnum",
    "GinCorrectionInputRequest",
    "GinRoundInputRequest",
    "GinRules",
    "GinRulesFamilyEnum",
    "HandInputRequest",
    "HollywoodGame",
    "Invitation",
    "InvitationClub",
    "Invite",
    "InviteInputRequest",
    "InviteStateEnum",
    "JoinedClub",
    "KindEnum",
    "KnockCorrectionInputRequest",
    "KnockRoundInputRequest",
    "KnockRules",
    "KnockRulesFamilyEnum",
    "LayOffEnum",
    "LedgerEntry",
    "Match",
    "Member",
    "MemberInputRequest",
    "MemberInvited",
    "MemberInvitedStatusEnum",
    "MemberToken",
    "ModeEnum",
    "Net",
    "NewToken",
    "NewWebhook",
    "PaginatedApiTokenList",
    "PaginatedClubWithRoleList",
    "PaginatedInvitationList",
    "PaginatedInviteList",
    "PaginatedLedgerEntryList",
    "PaginatedMemberList",
    "PaginatedMemberTokenList",
    "PaginatedPresetList",
    "PaginatedRoundList",
    "PaginatedTournamentList",
    "PaginatedWebhookList",
    "PatchedWebhookChangeRequest",
    "Payout",
    "PenaltyInputRequest",
    "PingEvent",
    "PingEventData",
    "PingEventTypeEnum",
    "Placing",
    "PotOrPointsEnum",
    "Preset",
    "PresetEnum",
    "RamiCorrectionInputRequest",
    "RamiHandInputRequest",
    "RamiRoundInputRequest",
    "RamiRules",
    "RamiRulesFamilyEnum",
    "RamiRulesModeEnum",
    "RebuyInputRequest",
    "RebuyOffer",
    "RebuyState",
    "RebuyTakenEvent",
    "RebuyTakenEventData",
    "RebuyTakenEventTypeEnum",
    "RebuyUndoneEvent",
    "RebuyUndoneEventData",
    "RebuyUndoneEventTypeEnum",
    "Report",
    "ReportClub",
    "ReportGame",
    "ReportPlayer",
    "ReportPlayerInGame",
    "ReportPlayerPrizes",
    "ReportTotals",
    "ReportTotalsPaidOut",
    "ReportTournament",
    "Result",
    "RoleEnum",
    "Round",
    "RoundCorrectedEvent",
    "RoundCorrectedEventData",
    "RoundCorrectedEventTypeEnum",
    "RoundRecordedEvent",
    "RoundRecordedEventData",
    "RoundRecordedEventTypeEnum",
    "RoundUndoneEvent",
    "RoundUndoneEventData",
    "RoundUndoneEventTypeEnum",
    "RoundWithGame",
    "RuleOverrides",
    "RuleOverridesCardValues",
    "ScopeEnum",
    "SeedingEnum",
    "Session",
    "SessionDocument",
    "SessionDocumentFormatEnum",
    "SessionInputRequest",
    "SessionSettledEvent",
    "SessionSettledEventData",
    "SessionSettledEventTypeEnum",
    "Settlement",
    "StageEnum",
    "TokenInputRequest",
    "Tournament",
    "TournamentDocument",
    "TournamentDocumentFormatEnum",
    "TournamentFinishedEvent",
    "TournamentFinishedEventData",
    "TournamentFinishedEventTypeEnum",
    "TournamentInputRequest",
    "TournamentLedger",
    "TournamentLedgerBalances",
    "TournamentMatchFinishedEvent",
    "TournamentMatchFinishedEventData",
    "TournamentMatchFinishedEventTypeEnum",
    "TournamentPlacingEvent",
    "TournamentRules",
    "TournamentStatusEnum",
    "Transfer",
    "UndoneRebuy",
    "Verify",
    "VerifyBalances",
    "Void",
    "VoidInputRequest",
    "Webhook",
    "WebhookEventEnum",
    "WebhookInputRequest",
)
