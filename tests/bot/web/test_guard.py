"""What every request meets first: whom the rate counts, the rate itself, the paths answered."""

from __future__ import annotations

from bot.web.guard import RateLimit, client_address, wanted_path


def test_only_a_proxy_of_ours_speaks_for_its_clients() -> None:
    assert client_address("127.0.0.1", "203.0.113.9") == "203.0.113.9"
    assert client_address("10.0.0.5", "spoofed, 198.51.100.7") == "198.51.100.7"
    assert client_address("::1", "2001:DB8::1") == "2001:db8::1"
    # A client on the internet cannot choose the address it is counted as.
    assert client_address("93.184.216.34", "198.51.100.7") == "93.184.216.34"
    assert client_address("127.0.0.1", "<script>") == "127.0.0.1"
    assert client_address(None, None) == "?"


def test_the_rate_and_its_memory_are_bounded() -> None:
    rate = RateLimit(burst=3, per_second=1.0, kept=10)
    assert [rate.allow("a", now=0.0) for _ in range(4)] == [True, True, True, False]
    assert rate.allow("a", now=1.0), "one more a second later"
    for n in range(50):
        rate.allow(f"b{n}", now=2.0)
    assert len(rate._buckets) <= 10


def test_the_paths_the_pages_can_have() -> None:
    sig = "A" * 22
    assert wanted_path(f"/deal/12-3-{sig}", "")
    assert wanted_path(f"/deal/12-3-s1-{sig}.json", "")
    assert wanted_path(f"/board/1-coinche-{sig}", "page=2")
    assert wanted_path("/assets/0123456789ab/site.css", "")
    assert not wanted_path(f"/deal/12-3-{sig}", "page=2&x=1")
    assert not wanted_path("/", "")
    assert not wanted_path(f"/admin/12-{sig}", "")
    assert not wanted_path("/deal/" + "1-" * 80 + sig, "")
