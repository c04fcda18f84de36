"""What every request meets first: whom the rate counts, the rate itself, the paths answered."""

from __future__ import annotations

import pytest

from bot.web.connections import Throttle, connection_caps
from bot.web.guard import Proxies, RateLimit, accepts_gzip, parse_networks, rate_key, wanted_path

OURS = Proxies.of(["127.0.0.1", "::1", "10.0.0.0/8"])


def test_by_default_no_peer_speaks_for_its_clients() -> None:
    """The old rule believed any loopback or private peer: behind nginx passing the client's
    header on, every forged address was a fresh bucket."""
    nobody = Proxies()
    assert nobody.client("127.0.0.1", "203.0.113.9") == "127.0.0.1"
    assert nobody.client("10.0.0.5", "198.51.100.7") == "10.0.0.5"


def test_the_client_is_the_right_most_address_no_proxy_of_ours_wrote() -> None:
    assert OURS.client("127.0.0.1", "203.0.113.9") == "203.0.113.9"
    # What the client wrote itself is left of what our proxy appended: never read.
    assert OURS.client("127.0.0.1", "1.2.3.4, 203.0.113.9") == "203.0.113.9"
    assert OURS.client("127.0.0.1", "forged, 203.0.113.9") == "203.0.113.9"
    # Two proxies of ours in a row (a load balancer, then nginx): the hop before them.
    assert OURS.client("127.0.0.1", "1.2.3.4, 198.51.100.7, 10.1.2.3") == "198.51.100.7"
    assert OURS.client("::1", "2001:DB8::1") == "2001:db8::1"
    assert OURS.client("127.0.0.1", "[2001:db8::1]:4711") == "2001:db8::1"
    assert OURS.client("127.0.0.1", "203.0.113.9:4711") == "203.0.113.9"
    assert OURS.client("127.0.0.1", "::ffff:203.0.113.9") == "203.0.113.9"
    # Only ours, all the way: the left-most.
    assert OURS.client("127.0.0.1", "10.0.0.7, 127.0.0.1") == "10.0.0.7"
    # A peer that is not ours cannot choose the address it is counted as.
    assert OURS.client("93.184.216.34", "198.51.100.7") == "93.184.216.34"
    assert OURS.client("127.0.0.1", "<script>") == "127.0.0.1"
    assert OURS.client(None, None) == "?"
    assert OURS.client("127.0.0.1", None) == "127.0.0.1"


def test_the_trusted_proxies_setting() -> None:
    assert [str(n) for n in parse_networks("127.0.0.1, ::1 172.16.0.0/12")] == [
        "127.0.0.1/32",
        "::1/128",
        "172.16.0.0/12",
    ]
    assert parse_networks("") == ()
    with pytest.raises(ValueError):
        parse_networks("localhost")


def test_an_ipv6_client_is_counted_by_its_64() -> None:
    assert rate_key("2001:db8:1:2:aaaa::1") == rate_key("2001:db8:1:2:ffff::9")
    assert rate_key("2001:db8:1:2::1") != rate_key("2001:db8:1:3::1")
    rate = RateLimit(burst=3, per_second=0.001)
    assert [rate.allow(f"2001:db8::{n:x}", now=0.0) for n in range(4)] == [True] * 3 + [False]
    assert rate.allow("2001:db8:0:1::1", now=0.0), "the next /64 is someone else"
    assert rate_key("203.0.113.9") == "203.0.113.9" and rate_key("?") == "?"


def test_the_rate_and_its_memory_are_bounded() -> None:
    rate = RateLimit(burst=3, per_second=1.0, kept=10)
    assert [rate.allow("a", now=0.0) for _ in range(4)] == [True, True, True, False]
    assert rate.allow("a", now=1.0), "one more a second later"
    assert rate.retry_after() == 1
    for n in range(50):
        rate.allow(f"b{n}", now=2.0)
    assert len(rate._buckets) <= 10


def test_gzip_only_when_taken() -> None:
    assert accepts_gzip("gzip, deflate, br")
    assert accepts_gzip("br;q=1.0, gzip;q=0.5")
    assert not accepts_gzip("gzip;q=0")
    assert not accepts_gzip("gzip;q=0.0, deflate")
    assert not accepts_gzip("identity")
    assert accepts_gzip("*")
    assert not accepts_gzip("*;q=0")
    assert not accepts_gzip(None)
    assert not accepts_gzip("x-gzip-not")


def test_the_paths_the_pages_can_have() -> None:
    sig = "A" * 22
    assert wanted_path(f"/deal/12-3-{sig}", "")
    assert wanted_path(f"/deal/12-3-s1-{sig}.json", "")
    assert wanted_path(f"/board/1-coinche-{sig}", "page=2")
    assert wanted_path("/assets/0123456789ab/site.css", "")
    assert wanted_path("/assets/0123456789ab/deck-french-pt-BR.png", "")
    assert not wanted_path(f"/deal/12-3-{sig}", "page=2&x=1")
    assert not wanted_path("/", "")
    assert not wanted_path(f"/admin/12-{sig}", "")
    assert not wanted_path("/deal/" + "1-" * 80 + sig, "")


def test_the_connection_caps_follow_the_file_limit() -> None:
    assert connection_caps(256) == (128, 16)
    assert connection_caps(1024) == (512, 64)
    assert connection_caps(1_000_000) == (1024, 64)
    assert connection_caps(20) == (16, 8)


def test_trouble_is_logged_once_a_minute_an_address_and_ten_lines_in_all() -> None:
    throttle = Throttle()
    said = [throttle.allow("bad", "203.0.113.9", now=0.5) for _ in range(1000)]
    assert said.count(None) == 999 and said[0] == 0
    assert throttle.allow("bad", "2001:db8::1", now=1.0) == 999
    assert throttle.allow("bad", "2001:db8::2", now=1.0) is None, "the same /64"
    many = [throttle.allow("bad", f"198.51.100.{n}", now=2.0) for n in range(50)]
    assert sum(line is not None for line in many) == 8, "10 lines a minute in all"
    assert throttle.allow("bad", "203.0.113.9", now=61.0) == 42


def test_an_address_that_keeps_asking_past_its_rate_is_flooding() -> None:
    rate = RateLimit(burst=2, per_second=1.0)
    assert [rate.allow("a", now=0.0) for _ in range(2)] == [True, True]
    for _ in range(19):
        assert not rate.allow("a", now=0.0)
        assert not rate.flooding("a", now=0.0), "a few reloads past the limit are no flood"
    assert not rate.allow("a", now=0.0)
    assert rate.flooding("a", now=0.5)
    assert not rate.flooding("a", now=1.0), "once its rate allows one again"
    assert rate.allow("a", now=1.0) and not rate.flooding("a", now=1.0)
    assert not rate.flooding("b")
